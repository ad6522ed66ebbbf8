"""Review 126: a table's bank given back to its players after its last deal counts in that deal's
net chips (review 60), and "Won" counted every deal whose net chips came out above zero: two void
deals (everybody passed), the bank of the first deal's antes shared out after the second, and each
player read "Won: 1" on the board and his page, with no deal won (and net chips 0). A deal is won by
its play (its own chips, a manager's move back included), not by a bank given back after it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from club.models import Membership
from games.models import Deal, PlayerStats, StatsCounted, TableSession
from games.services import tables_tick
from games.services.acting import session_deal_if_due
from games.services.schedule import session_end
from games.services.seating import table_sit
from games.stats import stats_recompute
from games.stats_read import leaderboard, player_totals
from ledger.models import Journal
from ledger.services import account_wallet

from .test_review60_bank_stats import _everybody_passes


@pytest.mark.parametrize("closed", ["as_it_ends", "once_counted"])
def test_a_void_deal_with_the_bank_given_back_after_it_is_not_won(
    closed, make_table, players, club, django_capture_on_commit_callbacks
):
    start = timezone.now().replace(microsecond=0) + timedelta(days=1)
    evening = make_table(starts_at=start, ends_at=start + timedelta(hours=2), min_players=4)
    tables_tick(start - timedelta(minutes=15))
    for position, user in enumerate(players):
        table_sit(session_id=evening.pk, user=user, position=position, buy_in=200)
    with django_capture_on_commit_callbacks(execute=True):
        tables_tick(start)
        tables_tick(start)
        _everybody_passes(Deal.objects.get(session=evening), evening.pk)
        second = session_deal_if_due(session_id=evening.pk, now=timezone.now() + timedelta(minutes=1))
        assert second is not None
        if closed == "as_it_ends":
            # Time is up while the second (void) deal runs: the close shares the first deal's antes
            # out before the deal is counted.
            TableSession.objects.filter(pk=evening.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
        _everybody_passes(second, evening.pk)
    if closed == "once_counted":
        # The deal is counted, then the session ends: the close changes its counted net chips.
        assert StatsCounted.objects.filter(deal=second).exists()
        later = timezone.now() + timedelta(minutes=1)
        TableSession.objects.filter(pk=evening.pk).update(
            ends_at=later - timedelta(seconds=1), next_deal_at=None
        )
        with django_capture_on_commit_callbacks(execute=True):
            assert session_end(session_id=evening.pk, now=later)
    assert Journal.objects.filter(kind=Journal.Kind.BANK_CLOSE).count() == 1
    assert list(Deal.objects.filter(session=evening).values_list("result", flat=True)) == ["redeal", "redeal"]
    for user in players:
        member = Membership.objects.get(club=club, user=user)
        assert account_wallet(membership=member).balance == 1000  # nobody won or lost a chip
        totals = player_totals(membership=member)
        assert (totals.deals, totals.net, totals.deals_won) == (2, 0, 0), user.username
    assert [row.counters.deals_won for row in leaderboard(club=club, period="all")] == [0, 0, 0, 0]
    summary = stats_recompute(fix=False)
    assert summary["differences"] == 0, summary["details"]
    # And the recount, from nothing, reads the same.
    PlayerStats.objects.all().delete()
    stats_recompute()
    for user in players:
        assert player_totals(membership=Membership.objects.get(club=club, user=user)).deals_won == 0
