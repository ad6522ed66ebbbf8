"""A reconciliation run that fails midway (a lost connection, its time limit, an error while
sealing) left its row behind as "not consistent" with no difference listed, one more at each of the
task's retries: the site's operators read broken books where the check had only not finished. A
run is stored once it is over."""

from __future__ import annotations

import pytest

from ledger.models import ReconciliationRun
from ledger.services import ledger_reconcile_run
from ledger.services import reconcile as reconcile_module

pytestmark = pytest.mark.django_db


def test_a_run_that_fails_midway_leaves_no_run_behind(monkeypatch):
    def seal_fails():
        raise RuntimeError("the sealing failed")

    monkeypatch.setattr(reconcile_module, "chain_seal", seal_fails)
    with pytest.raises(RuntimeError):
        ledger_reconcile_run()
    assert not ReconciliationRun.objects.exists()
    monkeypatch.undo()
    run = ledger_reconcile_run()
    assert run.ok and run.finished_at is not None and run.started_at <= run.finished_at
    assert list(ReconciliationRun.objects.values_list("pk", flat=True)) == [run.pk]
