"""Review 87: the nightly reconciliation stopped after storing its run and before writing the clubs'
audit log rows (the worker killed, the database connection dropped): the run stayed behind, "not
consistent", while no club's managers were told of its differences; the task's retry then stored a
second run for the same night, and the log spoke of that one only. The run and the rows that tell
of it are now written together or not at all."""

from __future__ import annotations

import pytest
from django.db import OperationalError, connection

from club.models import AuditLog, Club
from ledger.models import ReconciliationRun
from ledger.services import chips_grant, ledger_reconcile_run
from ledger.services import reconcile as reconcile_module

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_run_stopped_before_telling_the_club_leaves_nothing_and_the_retry_tells_once(
    club: Club, owner, member_factory, monkeypatch
) -> None:
    member = member_factory()
    chips_grant(membership=member, amount=10, actor=owner, reason="x")
    with connection.cursor() as cursor:  # a balance edited behind the ledger's back
        cursor.execute(
            "UPDATE ledger_account SET balance = 15 WHERE kind = 'wallet' AND member_id = %s", [member.pk]
        )

    def connection_lost(**kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(reconcile_module, "audit_log_write", connection_lost)
    with pytest.raises(OperationalError):
        ledger_reconcile_run()
    assert not ReconciliationRun.objects.exists(), "a run no club was told of"
    monkeypatch.undo()
    run = ledger_reconcile_run()  # the task's retry
    assert not run.ok
    assert list(ReconciliationRun.objects.values_list("pk", flat=True)) == [run.pk]
    told = AuditLog.objects.get(action="ledger.reconcile_failed", club=club)
    assert told.data["run"] == run.pk
