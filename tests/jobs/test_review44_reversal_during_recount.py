"""A deal's settlement moved back by a manager while the nightly recount ran (review 44).

The move back changes its players' counters at once, unless the recount holds the stats: then it
leaves them to the recount. But the recount had read that deal's chips before the move back
committed, found the running counters equal to what it read, and kept them: the cheat's winnings a
manager took back at 03:37 stayed on the leaderboard until the next night's recount, and the
player's "Net chips" disagreed with the chart beside it all day. The counters must end as the
ledger says, computed here from the ledger's entries of the deals, not from the stats code."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.db.models import Q, Sum
from django.utils import timezone

from club.models import Membership
from games import stats
from games.models import Deal, DealPlayer, StatsCounted
from games.services import tables_tick
from games.stats import deal_dealt, deals_uncounted, stats_deal_count, stats_recompute
from games.stats_read import leaderboard, player_net_series, player_totals
from ledger.models import Account, Entry, Journal
from tests.games.test_reversal_holds import _own, _released, _reverse, _settled

from .conftest import IS_SQLITE, play_deal_as_people, sit_all


def _ledger_net(member: Membership) -> int:
    """His net chips over the deals he was dealt into, by the ledger: his stack and hold in the deals'
    journals, and his wallet in their reversals (the chips came from there once he had left)."""
    rows = DealPlayer.objects.filter(member=member, deal__finished_at__isnull=False).select_related("deal")
    dealt = [p.deal_id for p in rows if p.engine_seat in deal_dealt(p.deal.opening)]
    table_chips = Q(account__kind__in=[Account.Kind.STACK, Account.Kind.HOLD]) | Q(
        account__kind=Account.Kind.WALLET, journal__kind=Journal.Kind.REVERSAL
    )
    total = (
        Entry.objects.filter(journal__deal_id__in=dealt, account__member=member)
        .filter(table_chips)
        .aggregate(total=Sum("amount"))["total"]
    )
    return int(total or 0)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_settlement_moved_back_during_the_recount_is_in_the_stats_after_it(
    make_table, players, owner, monkeypatch
):
    assert not IS_SQLITE
    table = make_table()
    sit_all(table, players, buy_in=500)
    settle = _settled(table, players)
    vera = _released(settle)
    other = next(u for u in players if u != vera.user)
    stats_recompute(fix=True)  # every deal counted
    won = _own(settle, vera)
    assert won > 0
    net_before = player_totals(membership=vera).net
    assert net_before == _ledger_net(vera)

    real_chunk = stats._recount_chunk
    moved: list[bool] = []

    def chunk_then_move_back(*args, **kwargs):
        real_chunk(*args, **kwargs)
        if moved:
            return

        # The manager's move back commits after the recount read the deal, while it still runs.
        def manager() -> None:
            try:
                _reverse(settle, other, owner)
                moved.append(True)
            finally:
                connection.close()

        thread = threading.Thread(target=manager)
        thread.start()
        thread.join(30)

    monkeypatch.setattr(stats, "_recount_chunk", chunk_then_move_back)
    stats_recompute(fix=True)
    monkeypatch.undo()
    assert moved == [True]
    assert Deal.objects.filter(pk=settle.deal_id, finished_at__isnull=False).exists()

    want = _ledger_net(vera)
    assert want == net_before - won
    assert player_totals(membership=vera).net == want
    row = next(r for r in leaderboard(club=table.club, period="all") if r.member.pk == vera.pk)
    assert row.counters.net == want
    assert player_net_series(membership=vera)[-1][1] == want
    assert stats_recompute(fix=False)["differences"] == 0


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_deal_that_ends_and_is_moved_back_during_the_recount_is_counted_once(
    make_table, players, owner, monkeypatch
):
    """The deal ended after the recount read the finished deals: its own count (or the sweep) adds
    it later, with the chips moved back; the recount must not add it too."""
    assert not IS_SQLITE
    table = make_table()
    sit_all(table, players, buy_in=500)
    play_deals_now = _settled(table, players)  # some deals before the recount
    assert play_deals_now is not None
    real_chunk = stats._recount_chunk
    moved: list[int] = []

    def chunk_then_play_and_move_back(*args, **kwargs):
        real_chunk(*args, **kwargs)
        if moved:
            return

        def table_and_manager() -> None:
            try:
                tables_tick(timezone.now() + timedelta(minutes=5))
                running = Deal.objects.filter(session=table, finished_at__isnull=True).first()
                if running is not None:
                    play_deal_as_people(running, players)
                settle = _settled(table, players)
                _reverse(settle, next(u for u in players if u != _released(settle).user), owner)
                moved.append(settle.deal_id)
            finally:
                connection.close()

        thread = threading.Thread(target=table_and_manager)
        thread.start()
        thread.join(60)

    monkeypatch.setattr(stats, "_recount_chunk", chunk_then_play_and_move_back)
    stats_recompute(fix=True)
    monkeypatch.undo()
    assert len(moved) == 1
    assert not StatsCounted.objects.filter(deal_id=moved[0]).exists(), "ended during the recount"
    for deal_id in deals_uncounted(before=timezone.now() + timedelta(minutes=1)):
        stats_deal_count(deal_id=deal_id)  # the sweep, once the recount is over
    for user in players:
        member = Membership.objects.get(club=table.club, user=user)
        assert player_totals(membership=member).net == _ledger_net(member), user
    assert stats_recompute(fix=False)["differences"] == 0
