"""Celery app. Without REDIS_URL the settings make every task run in-process (eager).

The worker and beat of production: ``make serve`` or docker/compose.yaml (README "Background jobs").
A task that fails for good, whichever app it belongs to, is recorded for the managers of its club
(``games.jobs.job_failure_record``).
"""

import os
from typing import Any

from celery import Celery
from celery.signals import task_failure

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")

app = Celery("club")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_failure.connect(dispatch_uid="khrap_job_failure_record")
def _job_failed(
    sender: Any = None,
    task_id: str | None = None,
    exception: BaseException | None = None,
    args: Any = None,
    kwargs: Any = None,
    einfo: Any = None,
    **_extra: Any,
) -> None:
    from games.jobs import job_failure_record

    request = getattr(sender, "request", None)
    job_failure_record(
        task=getattr(sender, "name", None) or str(sender),
        task_id=task_id or "",
        args=args or (),
        kwargs=kwargs if isinstance(kwargs, dict) else {},
        error=exception if exception is not None else RuntimeError("unknown error"),
        trace=str(einfo or ""),
        retries=int(getattr(request, "retries", 0) or 0),
    )
