"""A journal moved back after its table closed, while a grant goes to one of its players (review 18).

Moving a settlement back after the table closed gives the bank its chips again, from the players'
wallets (their seats are left), and the bank is then closed again into the last deal's wallets and
the treasury (its remainder). The move back held the wallets; a grant to one of those players at
that moment held the treasury (the ledger locks a journal's accounts in id order, the treasury
first) and waited for his wallet, while the bank's close waited for the treasury: PostgreSQL failed
one ('deadlock detected'). A move back that will close the bank again locks the treasury first.
"""

from __future__ import annotations

import threading
import time

import pytest
from django.core.management import call_command
from django.db import transaction
from django.utils import timezone

from games.models import Report
from games.services import closing
from games.services.access import session_lock
from games.services.reports import report_create, report_resolve
from games.services.schedule import session_close
from ledger.models import Account, Journal
from ledger.services import account_bank, account_treasury, adjustments, chips_adjust, journal_post
from tests.apart import run_apart

from .conftest import sit_all
from .test_reversal_holds import _released, _settled

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

HOLD = 0.4


def test_a_settlement_moved_back_after_the_close_while_its_winner_is_granted_chips(
    make_table, players, owner, club, monkeypatch
):
    table = make_table(seats=3)
    three = players[:3]
    sit_all(table, three, buy_in=500)
    settle = _settled(table, three, bank_paid=True)
    back = -sum(settle.entries.filter(account__kind=Account.Kind.BANK).values_list("amount", flat=True))
    with transaction.atomic():
        session_close(session=session_lock(table.pk), now=timezone.now())
    if back % len(three) == 0:
        # A chip more in the bank (the treasury's), so that its close gives the treasury the remainder.
        journal_post(
            club=club,
            kind=Journal.Kind.ANTE,
            idempotency_key="r18:odd",
            lines=[(account_treasury(club=club), -1), (account_bank(club=club, table_id=table.pk), 1)],
        )
    vera = _released(settle)
    report = report_create(deal_id=settle.deal_id, user=players[1], reason=Report.Reason.BUG)
    moved_back, granting = threading.Event(), threading.Event()
    real_close, real_book = closing.table_bank_close, adjustments._book

    def bank_close(**kwargs):
        moved_back.set()  # the wallets are held by the move back from here
        granting.wait(5)
        time.sleep(HOLD)
        return real_close(**kwargs)

    def book(**kwargs):
        granting.set()
        return real_book(**kwargs)

    monkeypatch.setattr(closing, "table_bank_close", bank_close)
    monkeypatch.setattr(adjustments, "_book", book)
    def grant():
        moved_back.wait(5)
        return chips_adjust(
            member=vera, kind="grant", amount=300, actor=owner, reason="r", idempotency_key="r18r"
        )

    def resolve():
        return report_resolve(report_id=report.pk, actor=owner, note="bug", outcome="reverse", journal=settle)

    results = run_apart(reverse=resolve, grant=grant)
    assert not isinstance(results["reverse"], Exception), results
    assert not isinstance(results["grant"], Exception), results
    assert not Account.objects.filter(table=table).exclude(balance=0).exists()
    call_command("ledger_check")
