"""System checks of the site's own settings (``manage.py check --deploy``)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import checks


@checks.register(checks.Tags.security, deploy=True)
def reset_mails_on_the_console(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    # Without EMAIL_HOST a reset mail is printed, link and all, where the server's logs go: whoever
    # reads those logs can take any account whose owner asks for a reset.
    if settings.EMAIL_BACKEND != "django.core.mail.backends.console.EmailBackend":
        return []
    return [
        checks.Warning(
            "EMAIL_HOST is not set: password-reset mails, their links included, are written to the "
            "server's output and so to its logs.",
            hint="Set EMAIL_HOST (and EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD) to send them, "
            "or keep the logs as secret as the accounts.",
            id="club.W001",
        )
    ]
