"""``manage.py ledger_check``: reconcile the books now; exit status 1 on any difference."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from ledger.models import Checkpoint
from ledger.services import ledger_reconcile_run


class Command(BaseCommand):
    help = (
        "Recompute every ledger balance from its entries, check every club sums to zero and the sealed"
        " history is unchanged (hash chain), then seal the journals committed since."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        run = ledger_reconcile_run()
        if not run.ok:
            for difference in run.differences:
                self.stderr.write(json.dumps(difference))
            raise CommandError(
                f"ledger_check: {len(run.differences)} difference(s) (run {run.pk})", returncode=1
            )
        head = Checkpoint.objects.order_by("-id").first()
        self.stdout.write(
            self.style.SUCCESS(
                f"ledger_check: ok ({run.accounts_checked} accounts, {run.journals_checked} journals,"
                f" run {run.pk}; chain head {head.hash if head else 'none yet'})"
            )
        )
