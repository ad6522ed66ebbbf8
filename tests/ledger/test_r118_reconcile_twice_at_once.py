"""Review 118: two runs of the nightly reconciliation at once (a ticker in each server process at 03:17,
as the embedded default runs the nightly jobs; an operator's ``ledger_check`` while the night's run
goes) each read the whole books, stored a run of their own and told the clubs of the same
differences twice: two "ledger.reconcile_failed" rows for one night. A run asked for while another is
going now waits for it and answers with it, as the nightly dormant mark does (review 13)."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection

from club.models import AuditLog, Club
from ledger.models import ReconciliationRun
from ledger.services import chips_grant, ledger_reconcile_run
from ledger.services import reconcile as reconcile_module

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_runs_at_once_read_the_books_once_and_tell_the_club_once(
    club: Club, owner, member_factory, monkeypatch
) -> None:
    assert connection.vendor == "postgresql"
    member = member_factory()
    chips_grant(membership=member, amount=10, actor=owner, reason="x")
    with connection.cursor() as cursor:  # a balance edited behind the ledger's back
        cursor.execute(
            "UPDATE ledger_account SET balance = 15 WHERE kind = 'wallet' AND member_id = %s", [member.pk]
        )
    verify = reconcile_module.ledger_verify
    read: list[int] = []

    def slow_verify():  # the first run is still reading the books when the second is asked
        read.append(1)
        time.sleep(0.7)
        return verify()

    monkeypatch.setattr(reconcile_module, "ledger_verify", slow_verify)
    barrier = threading.Barrier(2, timeout=30)
    runs: list[ReconciliationRun] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            barrier.wait()
            runs.append(ledger_reconcile_run())
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, daemon=True) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors
    assert len(runs) == 2 and runs[0].pk == runs[1].pk and not runs[0].ok
    assert ReconciliationRun.objects.count() == 1
    assert AuditLog.objects.filter(action="ledger.reconcile_failed", club=club).count() == 1
    assert len(read) == 1, "the books were read twice"
    # A run asked for after the last one ended runs again.
    again = ledger_reconcile_run()
    assert again.pk != runs[0].pk and ReconciliationRun.objects.count() == 2
