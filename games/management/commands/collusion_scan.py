"""Run the collusion scan of every club now (the nightly job does the same)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from games.services.collusion import collusion_scan_all


class Command(BaseCommand):
    help = "Score pairs of players for collusion over the last 90 days and store the flags."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(f"{collusion_scan_all()} pair(s) flagged")
