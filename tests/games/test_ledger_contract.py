"""The contract between the engine and the ledger: after every action of every preset, the ledger's
stack, hold and bank balances are the engine's, and the books reconcile at the end."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from games.engine import PRESETS
from games.models import Deal, Seat
from games.services import booking, dealing
from ledger.models import Account
from ledger.services import account_bank, ledger_verify

from .conftest import play_deal_as_people, sit_all, start_deal


def _ledger_matches_engine(table) -> None:
    deal = Deal.objects.filter(session=table).order_by("-number").first()
    state = dealing.deal_state(deal)
    if deal.is_over:
        stacks, holds, bank = state.outcome.stacks, (0,) * len(deal.players), state.outcome.bank
    else:
        stacks, holds, bank = state.stacks, state.holds, state.bank
    for i, seat_id in enumerate(deal.players):
        seat = Seat.objects.select_related("member", "session__club").get(pk=seat_id)
        assert booking.seat_stack_balance(seat) == stacks[i], f"stack of seat {i} after seq {deal.seq}"
        hold = booking.seat_account(seat, "hold")
        assert Account.objects.get(pk=hold.pk).balance == holds[i], f"hold of seat {i} after seq {deal.seq}"
    assert account_bank(club=table.club, table_id=table.pk).balance == bank, f"bank after seq {deal.seq}"


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_books_what_the_engine_moves(preset, make_table, players):
    seats = min(4, PRESETS[preset].max_players)
    table = make_table(preset, seats=seats)
    people = players[:seats]
    sit_all(table, people)
    for _deal in range(3):
        deal = start_deal(table)
        _ledger_matches_engine(table)
        play_deal_as_people(deal, people, after_each=lambda: _ledger_matches_engine(table))
        _ledger_matches_engine(table)
    differences, _, _ = ledger_verify()
    assert differences == []
    call_command("ledger_check")  # exits non-zero on any difference
