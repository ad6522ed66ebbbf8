"""Reconciliation: the task, the stored run, the ERROR log and audit row, and ledger_check's exit code."""

from __future__ import annotations

import logging

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from club.models import AuditLog, Club
from ledger.models import Account, Entry, ReconciliationRun
from ledger.services import chips_grant, ledger_verify
from ledger.tasks import ledger_reconcile

from .tamper import tamper

pytestmark = pytest.mark.django_db


def test_consistent_books_pass(club: Club, owner, member_factory) -> None:
    chips_grant(membership=member_factory(), amount=10, actor=owner, reason="x")
    # apply() runs the task here whatever the broker: CI has Redis but no worker.
    result = ledger_reconcile.apply().get()
    assert result["ok"] is True
    run = ReconciliationRun.objects.get(pk=result["run"])
    assert run.ok and run.accounts_checked == 2 and run.journals_checked == 1
    call_command("ledger_check")
    assert not AuditLog.objects.filter(action="ledger.reconcile_failed").exists()


def test_a_tampered_balance_is_found(club: Club, owner, member_factory, caplog) -> None:
    member = member_factory()
    chips_grant(membership=member, amount=10, actor=owner, reason="x")
    # Someone edits a balance behind the ledger's back (allowed by the schema: balances do change).
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE ledger_account SET balance = 15 WHERE kind = 'wallet' AND member_id = %s", [member.pk]
        )
    with caplog.at_level(logging.ERROR, logger="ledger.reconcile"):
        result = ledger_reconcile()
    assert result["ok"] is False
    run = ReconciliationRun.objects.get(pk=result["run"])
    checks = {d["check"] for d in run.differences}
    assert {"account_balance", "club_total"} <= checks
    assert any(r.levelno == logging.ERROR for r in caplog.records)
    log = AuditLog.objects.get(action="ledger.reconcile_failed", club=club)
    assert log.data["run"] == run.pk
    with pytest.raises(CommandError) as excinfo:
        call_command("ledger_check")
    assert excinfo.value.returncode == 1


def test_negative_balance_check_reads_every_account(club: Club, owner, member_factory) -> None:
    chips_grant(membership=member_factory(), amount=10, actor=owner, reason="x")
    assert Account.objects.count() == 2
    call_command("ledger_check")


def _three_grants(owner, member) -> list[int]:
    for amount in (10, 20, 30):
        chips_grant(membership=member, amount=amount, actor=owner, reason="x")
    return list(
        Entry.objects.filter(account__member=member).order_by("id").values_list("pk", flat=True)
    )


@pytest.mark.parametrize("which", [0, 1, -1], ids=["first", "middle", "last"])
def test_a_tampered_balance_after_is_found(club: Club, owner, member_factory, which: int) -> None:
    """Only ``balance_after`` of one entry is wrong; balances and sums are right. Every entry's
    balance_after must be the running sum of its account's amounts, not only the last one's."""
    member = member_factory()
    entries = _three_grants(owner, member)
    assert ledger_verify()[0] == []
    tamper("UPDATE ledger_entry SET balance_after = balance_after + 1 WHERE id = %s", [entries[which]])
    differences = ledger_verify()[0]
    assert [(d["check"], d["entry"]) for d in differences] == [("entry_balance_after", entries[which])]
    found = differences[0]
    assert found["stored"] == found["running_sum"] + 1
