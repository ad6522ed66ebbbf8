"""Review 148: the bots of a practice table (the demo's "Practice with bots") never topped up their
chips. A bot that lost its buy-in could no longer ante and sat every deal out; with too few players
left the table dealt no more, and `make demo` stood still after a while. A practice table's bot that
can no longer ante now buys in again from the treasury, where its chips come from, one journal
before the deal; a real table's bot does not (its chips would be new chips for the members)."""

from __future__ import annotations

import pytest

from games.models import Seat
from games.services import dealing, practice_table_open, table_bot_add, table_sit
from games.services.booking import seat_account
from ledger.models import Journal
from ledger.services import account_treasury, journal_post, ledger_verify

from .conftest import start_deal

pytestmark = pytest.mark.django_db


def _drain(seat: Seat, club, key: str, leave: int = 0) -> None:
    """The bot's stack lost down to ``leave`` chips (as deals lost to the players would)."""
    stack = seat_account(seat, "stack")
    stack.refresh_from_db()
    journal_post(
        club=club,
        kind=Journal.Kind.ADJUSTMENT,
        idempotency_key=key,
        lines=[(stack, -(stack.balance - leave)), (account_treasury(club=club), stack.balance - leave)],
    )


def test_a_practice_bot_that_cannot_ante_buys_in_again(players, club):
    table = practice_table_open(club=club, user=players[0], preset="classic", bots=3)
    bot = Seat.objects.filter(session=table).exclude(bot="").order_by("position").first()
    _drain(bot, club, "r148:drain", leave=table.stake - 1)
    deal = start_deal(table)
    assert bot.pk in deal.players
    state_dealt = {deal.players[i] for i in dealing.deal_state(deal).setup.dealt}
    assert bot.pk in state_dealt, "the broke bot sat the deal out"
    top_up = Journal.objects.get(
        kind=Journal.Kind.BUY_IN, idempotency_key__startswith=f"seat:{bot.pk}:top_up"
    )
    assert top_up.deal_id is None or top_up.deal_id == deal.pk
    lines = {entry.account_id: entry.amount for entry in top_up.entries.all()}
    assert lines[seat_account(bot, "stack").pk] == table.buy_in_max - (table.stake - 1)
    assert ledger_verify()[0] == []


def test_a_bot_with_chips_enough_is_left_alone(players, club):
    table = practice_table_open(club=club, user=players[0], preset="classic", bots=3)
    start_deal(table)
    assert not Journal.objects.filter(idempotency_key__contains=":top_up").exists()


def test_a_real_tables_bot_is_not_given_chips(make_table, players, owner, club):
    table = make_table(preset="classic", seats=3)
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    table_sit(session_id=table.pk, user=players[1], position=1, buy_in=200)
    bot = table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=200)
    _drain(bot, club, "r148:drain-real", leave=0)
    start_deal(table)
    assert not Journal.objects.filter(idempotency_key__contains=":top_up").exists()
