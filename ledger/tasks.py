"""Background work of the ledger: the nightly reconciliation (scheduled in settings)."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from .services import ledger_reconcile_run


@shared_task(name="ledger.tasks.ledger_reconcile")
def ledger_reconcile() -> dict[str, Any]:
    run = ledger_reconcile_run()
    return {"run": run.pk, "ok": run.ok, "differences": len(run.differences)}
