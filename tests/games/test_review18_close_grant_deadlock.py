"""A grant booked while its member's table closes with chips in its bank (review 18).

A table's close stood each player up (his stack to his wallet, one journal each, the wallet held to
the end of the close) and then emptied the bank, whose chips go to the last deal's players and the
treasury. A grant to one of the players at that moment had locked the treasury (the ledger locks a
journal's accounts in id order, the treasury first) and waited for his wallet, which the close held,
while the close waited for the treasury: PostgreSQL failed one of them ('deadlock detected'). The
close now empties the bank first, so it takes the treasury before any wallet. A bot's stack goes
back to the treasury too: a table closed or called off with a player and a bot, stood up in seat
order, held the player's wallet and then waited for the treasury the same way; such stand-ups lock
the treasury first (``games.services.closing.home_accounts_first``), as a deal's end that stands up a
player and a bot, and an abandoned table's stand-ups, do.
"""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from club.models import Membership
from games.models import TableSession
from games.services import seating
from games.services.schedule import session_cancel, session_end
from ledger.models import Journal
from ledger.selectors import wallet_balance
from ledger.services import account_bank, adjustments, chips_adjust, journal_post
from ledger.services.posting import account_stack
from tests.apart import run_apart

from .conftest import sit_all

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

HOLD = 0.4


@pytest.mark.parametrize("how", ["close_with_bank", "close_with_bot", "cancel_with_bot"])
def test_a_grant_while_the_table_closes(make_table, players, owner, club, monkeypatch, how):
    ends = timezone.now() + timedelta(minutes=10)
    table = make_table(starts_at=timezone.now() + timedelta(minutes=5), ends_at=ends)
    vera = Membership.objects.get(club=club, user=players[0])
    if how == "close_with_bank":
        sit_all(table, players)
    else:
        seating.table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
        seating.table_bot_add(session_id=table.pk, actor=owner, position=1, buy_in=200)
    # Chips in the bank (as a deal's antes leave them): its close sends them on.
    ante = 7 if how == "close_with_bank" else 0
    if ante:
        journal_post(
            club=club,
            kind=Journal.Kind.ANTE,
            idempotency_key="r18:ante",
            lines=[
                (account_stack(membership=vera, table_id=table.pk), -7),
                (account_bank(club=club, table_id=table.pk), 7),
            ],
        )
    first_home, granting = threading.Event(), threading.Event()
    real_stand_up, real_book = seating.seat_stand_up, adjustments._book
    stood: list[int] = []

    def stand_up(**kwargs):
        real_stand_up(**kwargs)
        stood.append(kwargs["seat"].pk)
        if kwargs["seat"].member_id == vera.pk:  # her wallet is held by the close from here
            first_home.set()
            granting.wait(5)
            time.sleep(HOLD)

    def book(**kwargs):
        granting.set()
        return real_book(**kwargs)

    monkeypatch.setattr(seating, "seat_stand_up", stand_up)
    monkeypatch.setattr(adjustments, "_book", book)
    before = wallet_balance(membership=vera)
    def grant():
        first_home.wait(5)
        return chips_adjust(
            member=vera, kind="grant", amount=300, actor=owner, reason="r", idempotency_key="r18g"
        )

    def close():
        if how == "cancel_with_bot":
            return session_cancel(session_id=table.pk, actor=owner)
        return session_end(session_id=table.pk, now=ends)

    results = run_apart(close=close, grant=grant)
    assert not isinstance(results["close"], Exception), results
    assert not isinstance(results["grant"], Exception), results
    table.refresh_from_db()
    assert table.status in (TableSession.Status.FINISHED, TableSession.Status.CANCELLED)
    assert account_bank(club=club, table_id=table.pk).balance == 0
    assert wallet_balance(membership=vera) == before + 200 - ante + 300
    call_command("ledger_check")
