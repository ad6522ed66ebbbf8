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


def nightly_hold_seconds() -> int:
    """The longest a nightly job's message may stay taken but unacknowledged (``acks_late``): each
    nightly job run once at its hard time limit, one after another (the nightly worker runs one at a
    time and holds the next one it took while the first runs), each with its longest retry wait."""
    import importlib

    from club.celery import app

    for module in ("games.tasks", "ledger.tasks"):  # where the nightly jobs are defined
        importlib.import_module(module)
    backoff = 0
    total = 0
    for name in settings.NIGHTLY_TASKS:
        task = app.tasks[name]
        total += int(task.time_limit or settings.CELERY_TASK_TIME_LIMIT)
        backoff = max(backoff, int(getattr(task, "retry_backoff_max", 0) or 0))
    return total + backoff * len(settings.NIGHTLY_TASKS)


@checks.register()
def visibility_outlasts_nightly_jobs(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    # Redis gives a message taken but not acknowledged to another worker after the visibility
    # timeout: a nightly job still running (or waiting behind another in its worker) past it was run
    # a second time beside the first, the reconciliation's and the statistics' long reads twice.
    if not settings.CELERY_BROKER_URL.startswith(("redis://", "rediss://", "unix://")):
        return []
    visibility = int(settings.CELERY_BROKER_TRANSPORT_OPTIONS.get("visibility_timeout", 3600))
    hold = nightly_hold_seconds()
    if visibility > hold:
        return []
    return [
        checks.Error(
            f"CELERY_VISIBILITY_TIMEOUT={visibility} s is not above the {hold} s the nightly jobs may "
            "hold a message: a job still running is delivered again and runs twice.",
            hint=f"Set CELERY_VISIBILITY_TIMEOUT above {hold} (the default is 21600, six hours).",
            id="club.E001",
        )
    ]
