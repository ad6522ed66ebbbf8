"""Review 143: a bank a manager moved back is not the player's "Biggest bank won". Moving a deal's
settlement back took the bank out of his net chips and his wins (review 31), but the leaderboard's
"Biggest bank won", sorted, kept him on top with it, by the live count and by the nightly recount
alike."""

from __future__ import annotations

import pytest

from club.models import Membership
from games.models import Deal, DealPlayer
from games.stats import deal_dealt, stats_recompute
from games.stats_read import leaderboard, player_totals

from .conftest import sit_all
from .test_reversal_holds import _reverse, _settled

pytestmark = pytest.mark.django_db


def _biggest_by_hand(member: Membership, leave_out: int) -> int:
    """His largest payout in the deals he was dealt into, by the deal rows, but deal ``leave_out``."""
    best = 0
    for row in DealPlayer.objects.filter(member=member, deal__finished_at__isnull=False).select_related(
        "deal"
    ):
        if row.deal_id == leave_out or row.engine_seat not in deal_dealt(row.deal.opening):
            continue
        best = max(best, int((row.deal.outcome.get("payouts") or [0] * 8)[row.engine_seat]))
    return best


def test_a_bank_moved_back_is_not_the_biggest_won(make_table, players, owner, club):
    table = make_table()
    sit_all(table, players, buy_in=500)
    settle = _settled(table, players, bank_paid=True)
    stats_recompute(fix=True)  # the deals played in the test's transaction: counted now
    deal = Deal.objects.get(pk=settle.deal_id)
    payouts = deal.outcome["payouts"]
    seat = max(range(len(payouts)), key=lambda s: payouts[s])
    winner = DealPlayer.objects.get(deal=deal, engine_seat=seat).member
    assert payouts[seat] > 0
    assert player_totals(membership=winner).biggest_bank_won >= payouts[seat]
    _reverse(settle, next(u for u in players if u != winner.user), owner)
    want = _biggest_by_hand(winner, leave_out=deal.pk)
    assert player_totals(membership=winner).biggest_bank_won == want  # the live count
    board = {row.member.pk: row.counters.biggest_bank_won for row in leaderboard(club=club, period="all")}
    assert board[winner.pk] == want
    summary = stats_recompute(fix=False)  # the nightly recount reads it the same way
    assert summary["differences"] == 0, summary["details"]
