from __future__ import annotations

from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


def _allow_truncate_in_tests(sender: Any, connection: Any, **kwargs: Any) -> None:
    """Django's test runner empties every table with TRUNCATE between transactional tests; the ledger's
    TRUNCATE guard (migration 0002) would refuse that. Only pytest runs lift it, per session."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT set_config('ledger.allow_truncate', 'on', false)")


class LedgerConfig(AppConfig):
    name = "ledger"
    verbose_name = _("Chip ledger")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.conf import settings
        from django.db.backends.signals import connection_created

        from club.signals import member_gone

        from .services.adjustments import requests_withdraw_on_leaving

        member_gone.connect(requests_withdraw_on_leaving, dispatch_uid="ledger_requests_withdraw_on_leaving")

        if getattr(settings, "TESTING", False):
            connection_created.connect(
                _allow_truncate_in_tests, dispatch_uid="ledger_allow_truncate_in_tests"
            )
