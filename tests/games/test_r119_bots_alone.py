"""Review 119: bots never play among themselves (``deal_start``), yet a person who sat down at a table
of bots while its bank held chips (its players had gone, leaving the bank) waited for an empty bank
while the bots were dealt deal after deal against each other: he was the table's only person, counted
as "present", and sat each deal out. Without him nobody could play, so he joins, as the rules' "unless
without them nobody could play" says."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.models import Deal, Seat
from games.services import dealing, practice_table_open, table_bot_add, table_sit, tables_tick
from games.services.booking import seat_account
from ledger.models import Journal
from ledger.services import account_bank, account_treasury, journal_post, ledger_verify

from .conftest import start_deal

pytestmark = pytest.mark.django_db


def test_a_person_alone_with_bots_is_dealt_in_to_a_full_bank(make_table, players, owner, club):
    table = make_table(preset="frap", seats=4, turn_seconds=600)
    table_bot_add(session_id=table.pk, actor=owner, position=1, buy_in=200)
    table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=200)
    # The bank its players left behind (chips of earlier deals).
    journal_post(
        club=club,
        kind=Journal.Kind.ADJUSTMENT,
        idempotency_key="r119:bots-bank",
        lines=[(account_treasury(club=club), -40), (account_bank(club=club, table_id=table.pk), 40)],
    )
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    mine = Seat.objects.get(session=table, member__user=players[0])
    assert mine.waiting
    deal = start_deal(table)
    dealt = [deal.players[i] for i in dealing.deal_state(deal).setup.dealt]
    assert mine.pk in dealt, "the bots were dealt a deal among themselves"
    assert ledger_verify()[0] == []


def test_waiting_still_holds_beside_another_person(make_table, players, owner, club):
    table = make_table(preset="frap", seats=4, turn_seconds=600)
    table_sit(session_id=table.pk, user=players[1], position=3, buy_in=200)
    table_bot_add(session_id=table.pk, actor=owner, position=1, buy_in=200)
    journal_post(
        club=club,
        kind=Journal.Kind.ADJUSTMENT,
        idempotency_key="r119:bots-bank-2",
        lines=[(account_treasury(club=club), -40), (account_bank(club=club, table_id=table.pk), 40)],
    )
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    mine = Seat.objects.get(session=table, member__user=players[0])
    deal = start_deal(table)
    dealt = [deal.players[i] for i in dealing.deal_state(deal).setup.dealt]
    assert mine.pk not in dealt and len(dealt) == 2


def test_bots_are_not_dealt_among_themselves_beside_a_person_who_cannot_ante(players, club):
    """A person whose stack is below the stake is not dealt in (RULES.md 3): the bots beside him
    played deal after deal against each other, for as long as he sat there."""
    vera = players[0]
    table = practice_table_open(club=club, user=vera, preset="frap", bots=3)
    mine = Seat.objects.get(session=table, member__user=vera)
    journal_post(
        club=club,
        kind=Journal.Kind.ADJUSTMENT,
        idempotency_key="r119:broke-alone",
        lines=[(seat_account(mine, "stack"), -497), (account_treasury(club=club), 497)],
    )
    tables_tick(timezone.now())
    assert not Deal.objects.filter(session=table).exists()
    assert ledger_verify()[0] == []
