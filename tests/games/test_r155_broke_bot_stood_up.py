"""Review 155: a bot at a real (non-practice) table that lost its chips could no longer ante and sat
every deal out, holding its seat for as long as the table ran, and nobody was told: its manager saw
a bot at the table. A practice table's bot buys in again from the treasury (review 148), but a real
table's may not (its chips would be new chips for the members). Such a bot is now stood up before
the deal it cannot ante into: its seat is free, what chips it had left go back to the treasury they
came from (none made), the club's log says so, and the table says why its seat is free."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone, translation

from club.models import AuditLog
from games.models import Deal, Seat
from games.services import table_bot_add, table_sit
from games.services.booking import seat_account
from ledger.models import Journal
from ledger.services import account_treasury, ledger_verify

from .conftest import start_deal
from .test_r148_bots_buy_in_again import _drain

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _page(user, table) -> str:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = "en"
    with translation.override("en"):
        return client.get(f"/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_a_real_tables_bot_that_cannot_ante_is_stood_up(make_table, players, owner, club):
    table = make_table(preset="classic", seats=3)
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    table_sit(session_id=table.pk, user=players[1], position=1, buy_in=200)
    bot = table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=200)
    _drain(bot, club, "r155:drain", leave=table.stake - 1)
    treasury = account_treasury(club=club)
    treasury.refresh_from_db()
    before = treasury.balance

    deal = start_deal(table)
    bot.refresh_from_db()
    assert bot.status == Seat.Status.LEFT
    assert bot.left_because == "chips"
    assert bot.pk not in deal.players
    stack = seat_account(bot, "stack")
    stack.refresh_from_db()
    assert stack.balance == 0
    treasury.refresh_from_db()
    assert treasury.balance == before + table.stake - 1  # its last chips home, none made
    assert not Journal.objects.filter(idempotency_key__contains=":top_up").exists()
    logged = AuditLog.objects.get(action="table.bot_out_of_chips", club=club)
    assert logged.data["position"] == 3 and logged.data["bot"] == bot.bot_name
    assert logged.actor is None and logged.data["amount"] == table.stake - 1  # what went home
    page = _page(players[0], table)
    assert f"{bot.bot_name} was stood up: out of chips." in page
    assert ledger_verify()[0] == []


def test_a_bot_with_chips_enough_keeps_its_seat(make_table, players, owner, club):
    table = make_table(preset="classic", seats=3)
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    table_sit(session_id=table.pk, user=players[1], position=1, buy_in=200)
    bot = table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=200)
    _drain(bot, club, "r155:drain-enough", leave=table.stake)
    deal = start_deal(table)
    bot.refresh_from_db()
    assert bot.status == Seat.Status.SITTING and bot.pk in deal.players
    assert not AuditLog.objects.filter(action="table.bot_out_of_chips").exists()
    assert Deal.objects.filter(session=table).count() == 1
