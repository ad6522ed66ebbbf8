"""Celery tasks: the production side of every background job of the live tables.

Each task calls the same service the embedded default calls in-process (the ticker's ``tables_tick``
and its parts, the stats and inactivity services, the ledger's reconciliation), so the two clocks
cannot disagree. Every task is

- idempotent: a turn is expired only at the ``seq`` it was due at, under the table lock; a deal's
  stats are counted once (``StatsCounted``); every other job checks the state before it changes it;
- acknowledged late (``acks_late``, ``reject_on_worker_lost``): a worker killed in the middle of a
  task leaves its message to be delivered again, and the transaction it had open is rolled back;
- bounded (soft and hard time limits) and retried with exponential backoff and jitter on database
  connection errors (and while the nightly stats recount holds the stats);
- recorded when it fails for good (``club.celery`` connects ``task_failure`` to
  ``games.jobs.job_failure_record``): logged, a ``JobFailure`` row in the admin for the managers of its
  club, and a line in the club's audit log.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from celery import Task, shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.db import InterfaceError, OperationalError
from django.utils import timezone

from .stats import StatsBusy

logger = logging.getLogger("games.tasks")

#: Uncounted deals the stats sweeper looks back on (older ones wait for the nightly recount).
STATS_SWEEP_WINDOW = timedelta(days=2)
#: A deal's own stats task has this long before the sweeper counts the deal.
STATS_SWEEP_GRACE = timedelta(seconds=30)


class JobTask(Task):
    acks_late = True
    reject_on_worker_lost = True
    #: A worker lost in the middle of a task (SIGKILL, out of memory): the task runs again a second
    #: later, counted as a retry, so a message that kills its worker every time stops after max_retries.
    retry_on_worker_lost = True
    default_retry_delay = 1
    autoretry_for = (OperationalError, InterfaceError, StatsBusy)
    retry_backoff = 1
    retry_backoff_max = 60
    retry_jitter = True
    max_retries = 6
    soft_time_limit = 20
    time_limit = 30
    ignore_result = True


def _out_of_time(what: str) -> None:
    """A sweep of beat's reached its soft time limit: it stops there; the next sweep goes on. The
    limit's exception was taken for a broken deal or table (put off a minute, or held back) and the
    sweep ran on until the hard limit killed the worker's process."""
    logger.warning("%s: out of time; it stops here and the next sweep goes on", what)


def job(name: str, **options: Any):
    return shared_task(name=name, base=JobTask, **options)


@job("games.turn_expire")
def turn_expire_job(*, deal_id: int, seq: int) -> str:
    """The deadline of deal ``deal_id`` at ``seq`` has come: its timeout, bot or away move."""
    from .jobs import celery_clock, job_publish
    from .models import Deal
    from .services import TableError, turn_expire
    from .services.clock_resume import clock_beat

    clock_beat()  # a worker back from an outage gives the turns their time back before expiring any
    try:
        if turn_expire(deal_id=deal_id, seq=seq) is not None:
            return "moved"
    except TableError:
        return "refused"
    deal = Deal.objects.filter(pk=deal_id, seq=seq, finished_at__isnull=True).values("deadline").first()
    later = deal is not None and deal["deadline"] is not None and deal["deadline"] > timezone.now()
    if later and celery_clock():
        # The deadline moved later without a move (the player came back): follow it.
        job_publish("games.turn_expire", kwargs={"deal_id": deal_id, "seq": seq}, eta=deal["deadline"])
        return "later"
    return "nothing"


@job("games.deal_if_due")
def deal_if_due_job(*, session_id: int) -> bool:
    """A table's pause between deals is over: deal the next one (nothing if the table is not there,
    as for a deal that is not there: the message outlived it, or named a wrong one)."""
    from .services import TableError, session_deal_if_due

    try:
        return session_deal_if_due(session_id=session_id) is not None
    except TableError as exc:
        logger.info("deal if due: table %s refused (%s): nothing to deal", session_id, exc.code)
        return False


@job("games.tables_sweep", soft_time_limit=25, time_limit=30, max_retries=0)
def tables_sweep_job() -> int:
    """Beat, every few seconds: whatever the per-deadline tasks missed (missed or moved deadlines, due
    deals) and the schedule (open, start, cancel, end, weekly repeats, reservation lapses). The
    ticker's own function; the next sweep is the retry. Out of time, it stops where it is (the
    deal or table it was at was rolled back, not put off as broken) and the next sweep goes on."""
    from .services import tables_tick

    try:
        return tables_tick()
    except SoftTimeLimitExceeded:
        _out_of_time("table sweep")
        return 0


@job("games.stats_count", bind=True)
def stats_count_job(self: Task, *, deal_id: int) -> bool:
    """After each deal: add it to its players' counters (once)."""
    from .stats import stats_deal_count

    try:
        return stats_deal_count(deal_id=deal_id)
    except StatsBusy:
        if self.request.retries < self.max_retries:
            raise  # tried again shortly (autoretry)
        # The retries last about a minute and a recount may take half an hour. Nothing is lost: the
        # sweep counts the deal once the recount is over. Failed for good, it told the club's
        # managers of a failed job for every deal that ended during the recount.
        logger.info("stats: deal %s ends during the recount; the sweep counts it", deal_id)
        return False


@job("games.stats_sweep", soft_time_limit=50, time_limit=60, max_retries=0)
def stats_sweep_job() -> int:
    """Beat, every minute: count the deals whose own stats task was lost."""
    from .stats import deals_uncounted, stats_deal_count

    now = timezone.now()
    done = 0
    for deal_id in deals_uncounted(before=now - STATS_SWEEP_GRACE, since=now - STATS_SWEEP_WINDOW):
        try:
            done += stats_deal_count(deal_id=deal_id)
        except StatsBusy:
            break  # the recount will count them
        except SoftTimeLimitExceeded:
            _out_of_time("stats sweep")
            break
        except Exception:
            logger.exception("stats sweep: deal %s could not be counted", deal_id)
    return done


@job("games.stats_recompute", soft_time_limit=1800, time_limit=1900, max_retries=3)
def stats_recompute_job() -> dict[str, Any]:
    """Every night: recount every counter from the deal log and the ledger; correct and report."""
    from .stats import stats_recompute

    summary = stats_recompute()
    summary.pop("details", None)
    return summary


@job("games.tables_idle_sweep", soft_time_limit=50, time_limit=60, max_retries=0)
def tables_idle_sweep_job() -> int:
    """Beat, every minute: empty the tables nobody attends."""
    from .jobs_inactivity import tables_idle_sweep
    from .services.clock_resume import clock_beat

    clock_beat()  # the first job back from an outage notes it before it judges anyone idle
    try:
        return tables_idle_sweep()
    except SoftTimeLimitExceeded:
        _out_of_time("idle sweep")
        return 0


@job("games.members_dormant", soft_time_limit=600, time_limit=660, max_retries=3)
def members_dormant_job() -> dict[str, Any]:
    """Every night: mark members who have not played for 90 days dormant."""
    from .jobs_inactivity import members_mark_dormant

    return members_mark_dormant()


@job("games.ledger_reconcile", soft_time_limit=1800, time_limit=1900, max_retries=3)
def ledger_reconcile_job() -> dict[str, Any]:
    """Every night: the ledger's reconciliation (``ledger.services.ledger_reconcile_run``, the service
    of ``ledger.tasks.ledger_reconcile``), with the time limits and retries of the other jobs."""
    from ledger.services import ledger_reconcile_run

    run = ledger_reconcile_run()
    return {"run": run.pk, "ok": run.ok, "differences": len(run.differences)}


@job("games.collusion_scan", soft_time_limit=1800, time_limit=1900, max_retries=3)
def collusion_scan_job() -> int:
    """Every night: score pairs of players of every club for collusion and store the flags the
    managers review (``/clubs/<slug>/collusion/``)."""
    from .services.collusion import collusion_scan_all

    return collusion_scan_all()
