"""Chips that nothing will ever move again, reported by reconciliation (an outside review).

A move back of a settlement used to put a released stake back into the player's hold; she left, the
chips stayed, and ``ledger_check`` said the books were fine. Reconciliation now reports chips left
in a hold after its deal is over, and in the bank of a table whose session has closed.
"""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction
from django.utils import timezone

from games.models import TableSession
from games.services import table_leave
from games.services.access import session_lock
from games.services.schedule import session_close
from ledger.models import Account, Journal
from ledger.services import account_bank, account_treasury, journal_post, journal_reverse
from ledger.services.reconcile import ledger_verify

from .conftest import sit_all
from .test_reversal_holds import _released, _settled


@pytest.fixture
def settled(make_table, players) -> tuple[TableSession, Journal]:
    table = make_table()
    sit_all(table, players, buy_in=500)
    return table, _settled(table, players)


@pytest.mark.django_db
def test_reconciliation_reports_a_stake_left_in_a_hold_after_its_deal(settled, players, owner):
    table, settle = settled
    vera = _released(settle)
    journal_reverse(settle, actor=owner)  # the plain mirror image: the old way
    table_leave(session_id=table.pk, user=vera.user)
    found = [d for d in ledger_verify()[0] if d["check"] == "stranded_hold"]
    stakes = settle.entries.filter(account__kind=Account.Kind.HOLD, amount__lt=0)
    assert {d["member"] for d in found} == set(stakes.values_list("account__member_id", flat=True))
    assert vera.pk in {d["member"] for d in found} and {d["deal"] for d in found} == {settle.deal_id}
    with pytest.raises(CommandError):
        call_command("ledger_check")


@pytest.mark.django_db
def test_reconciliation_reports_chips_in_the_bank_of_a_closed_table(settled, players, owner):
    table, _settle = settled
    with transaction.atomic():
        session_close(session=session_lock(table.pk), now=timezone.now())
    assert ledger_verify()[0] == []
    journal_post(
        club=table.club,
        kind=Journal.Kind.ADJUSTMENT,
        idempotency_key="stray",
        lines=[
            (account_treasury(club=table.club), -7),
            (account_bank(club=table.club, table_id=table.pk), 7),
        ],
    )
    found = [d for d in ledger_verify()[0] if d["check"] == "stranded_bank"]
    assert [(d["table"], d["stored"]) for d in found] == [(table.pk, 7)]
