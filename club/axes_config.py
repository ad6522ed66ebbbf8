"""django-axes under a name its readers understand.

django-axes gives its app no name, so the admin showed "Axes" in every language; its models keep
their own (translated) names. Its records named themselves in English, with the time as Python
prints it ("Access Log for vera @ 2026-12-01 16:57:27.324930+00:00", "Attempted Access: …",
"AccessAttemptExpiration object (3)"): the admin's page titles, breadcrumbs and delete
confirmations read so in ru and bg. They are named here in the reader's words and date format.
"""

from __future__ import annotations

from typing import Any

from axes.apps import AppConfig
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


def _when(value: Any) -> str:
    return date_format(localtime(value), "SHORT_DATETIME_FORMAT") if value else "—"


def _failure_str(self: Any) -> str:
    words = {"username": self.username or "—", "time": _when(self.attempt_time), "ip": self.ip_address or "—"}
    if self.locked_out:
        return gettext("Failed log-in of %(username)s at %(time)s from %(ip)s, locked out") % words
    return gettext("Failed log-in of %(username)s at %(time)s from %(ip)s") % words


def _attempt_str(self: Any) -> str:
    return gettext("Failed log-ins of %(username)s from %(ip)s, the last at %(time)s") % {
        "username": self.username or "—",
        "ip": self.ip_address or "—",
        "time": _when(self.attempt_time),
    }


def _log_str(self: Any) -> str:
    return gettext("Log-in of %(username)s at %(time)s") % {
        "username": self.username or "—",
        "time": _when(self.attempt_time),
    }


def _expiration_str(self: Any) -> str:
    return gettext("Failed log-ins forgotten at %(time)s") % {"time": _when(self.expires_at)}


class LoginAttemptsConfig(AppConfig):
    verbose_name = _("Log-in attempts")

    def ready(self) -> None:
        super().ready()
        from axes.models import AccessAttempt, AccessAttemptExpiration, AccessFailureLog, AccessLog

        AccessFailureLog.__str__ = _failure_str  # type: ignore[method-assign,assignment]
        AccessAttempt.__str__ = _attempt_str  # type: ignore[method-assign,assignment]
        AccessLog.__str__ = _log_str  # type: ignore[method-assign,assignment]
        AccessAttemptExpiration.__str__ = _expiration_str  # type: ignore[method-assign,assignment]
