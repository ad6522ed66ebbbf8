"""How the live tables hand work to the background jobs: on commit, never inside a transaction.

``settings.TABLE_CLOCK`` says who keeps the tables' time:

- ``"celery"`` or ``"both"`` (production, with a worker and beat): every turn deadline and every pause
  before a deal becomes a task with an ETA, published when the transaction that set it commits, and a
  finished deal's stats are a task too. The tasks are idempotent (``seq``, the table lock, a marker
  per counted deal), so a deadline the task missed, or one moved without a new ``seq`` (away and back),
  is taken by beat's sweeper (``games.tables_sweep``), and a second delivery does nothing.
- ``"ticker"`` (the embedded default and the test process): the in-process ticker owns deadlines and
  deals, so nothing is published for them (an eager task would ignore its ETA); a finished deal's
  stats are counted in-process when its transaction commits.

A publish that fails (the broker is down) is logged and never reaches the player who moved: the
sweeper does the same work a moment later.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import close_old_connections, transaction
from django.utils import timezone

logger = logging.getLogger("games.jobs")

#: A deadline task still waiting this long after its ETA is dropped (the sweeper took its work).
ETA_EXPIRES = timedelta(hours=1)
#: Publishing from a web request: a down broker costs a request this much at most.
PUBLISH_RETRY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.5}


def celery_clock() -> bool:
    """Is a Celery worker the tables' clock (tasks with an ETA are published)?"""
    return settings.TABLE_CLOCK in {"celery", "both"} and not settings.CELERY_TASK_ALWAYS_EAGER


def job_publish(name: str, *, kwargs: Mapping[str, Any], eta: datetime | None = None) -> bool:
    """Send task ``name``; False (logged) if the broker refused it."""
    from club.celery import app

    options: dict[str, Any] = {
        "retry": True,
        "retry_policy": PUBLISH_RETRY,
        "queue": settings.CELERY_TASK_DEFAULT_QUEUE,  # read now: a test run has its own queue
    }
    if eta is not None:
        options.update(eta=eta, expires=eta + ETA_EXPIRES)
    try:
        app.send_task(name, kwargs=dict(kwargs), **options)
    except Exception:
        logger.exception("could not publish %s %s (the sweeper will do its work)", name, dict(kwargs))
        return False
    return True


def deadline_on_commit(deal: Any) -> None:
    """The deal's current deadline becomes a ``turn_expire`` task when this transaction commits."""
    if deal.deadline is None or deal.finished_at is not None or not celery_clock():
        return
    kwargs, eta = {"deal_id": deal.pk, "seq": deal.seq}, deal.deadline
    transaction.on_commit(lambda: job_publish("games.turn_expire", kwargs=kwargs, eta=eta))


def next_deal_on_commit(session: Any) -> None:
    """The table's next deal becomes a ``deal_if_due`` task at the end of its pause."""
    if session.next_deal_at is None or not celery_clock():
        return
    kwargs, eta = {"session_id": session.pk}, session.next_deal_at
    transaction.on_commit(lambda: job_publish("games.deal_if_due", kwargs=kwargs, eta=eta))


def deal_finished_on_commit(deal: Any) -> None:
    """A finished deal's stats are counted once its transaction commits: by a task, or in-process."""
    kwargs = {"deal_id": deal.pk}

    def count() -> None:
        if celery_clock():
            job_publish("games.stats_count", kwargs=kwargs)
        else:
            job_run_inline("games.stats_count", _stats_count_unless_busy, kwargs)

    transaction.on_commit(count)


def _stats_count_unless_busy(*, deal_id: int) -> bool:
    """Count a deal in-process; while the nightly recount holds the stats, leave it to the sweep (the
    Celery task retries instead). Not a failed job: nothing is lost, and the club's managers would
    read a failure for every deal that ended during the recount."""
    from .stats import StatsBusy, stats_deal_count

    try:
        return stats_deal_count(deal_id=deal_id)
    except StatsBusy:
        logger.info("stats: deal %s ends during the recount; the sweep counts it", deal_id)
        return False


def job_run_inline(name: str, function: Callable[..., Any], kwargs: Mapping[str, Any]) -> Any:
    """Run a job's service in this process; a failure is recorded like a failed task, never raised."""
    try:
        return function(**kwargs)
    except Exception as exc:
        logger.exception("background job %s %s failed", name, dict(kwargs))
        job_failure_record(task=name, kwargs=kwargs, error=exc, trace=traceback.format_exc())
        return None


def _club_of(kwargs: Mapping[str, Any]) -> int | None:
    from .models import Deal, TableSession

    if isinstance(kwargs.get("club_id"), int):
        return kwargs["club_id"]
    if isinstance(kwargs.get("session_id"), int):
        return TableSession.objects.filter(pk=kwargs["session_id"]).values_list("club_id", flat=True).first()
    if isinstance(kwargs.get("deal_id"), int):
        return Deal.objects.filter(pk=kwargs["deal_id"]).values_list("session__club_id", flat=True).first()
    return None


def job_failure_record(
    *,
    task: str,
    kwargs: Mapping[str, Any] | None = None,
    args: Any = (),
    error: BaseException,
    trace: str = "",
    task_id: str = "",
    retries: int = 0,
) -> Any:
    """A job failed for good: log it, keep a ``JobFailure`` row (the admin lists it to the managers of
    its club) and write the club's audit log. Never raises: the database may be what failed."""
    from club.models import Club
    from club.services import audit_log_write

    from .models import JobFailure, job_error_kind

    kwargs = dict(kwargs or {})
    text = f"{type(error).__name__}: {error}"[:500]
    if task_id:
        # Celery sends ``task_failure`` twice for a task killed at its hard time limit (when the limit
        # strikes, and when the pool reports the process's end): one failure is one record.
        try:
            earlier = JobFailure.objects.filter(task_id=task_id[:64], task=task[:100]).first()
        except Exception:
            earlier = None  # the database may be what failed: the attempts below say so
            close_old_connections()
        if earlier is not None:
            return earlier
    logger.error("background job %s %s failed for good after %s retries: %s", task, kwargs, retries, text)
    for attempt in range(2):
        try:
            with transaction.atomic():
                club_id = _club_of(kwargs)
                failure = JobFailure.objects.create(
                    task=task[:100],
                    task_id=(task_id or "")[:64],
                    arguments={"args": list(args or ()), "kwargs": kwargs},
                    club_id=club_id,
                    error=text,
                    traceback=trace[-20_000:],
                    retries=retries,
                    failed_at=timezone.now(),
                )
                if club_id is not None:
                    audit_log_write(
                        action="club.job_failed",
                        actor=None,
                        club=Club.objects.get(pk=club_id),
                        target=task[:200],
                        # The managers read the kind of error; its text is in the failure's record.
                        data={"reason": job_error_kind(text), "failure": failure.pk, **_table_of(kwargs)},
                    )
            return failure
        except Exception:
            if attempt:
                logger.exception("could not record the failure of %s", task)
            close_old_connections()  # a broken connection is replaced before the second try
    return None


def _table_of(kwargs: Mapping[str, Any]) -> dict[str, int]:
    return {"table": kwargs["session_id"]} if isinstance(kwargs.get("session_id"), int) else {}
