"""The periodic jobs of the embedded default: what Celery beat runs in production
(``CELERY_BEAT_SCHEDULE``), run by the in-process ticker when ``TABLE_CLOCK`` is ``"ticker"``.

The ticker already is the tables' sweeper, so that entry is skipped; every other job runs in the
ticker's thread when its schedule says so, as an in-process task (``Task.apply``: the same code, the
same failure record). As with beat, a job's first run comes one period after the process starts (a
nightly job at its hour), not at every restart.

The jobs run in threads of their own, not in the ticker's: a nightly pass over the books or the
deal log held the tables' clock (no turn expired, no bot moved, no table opened) for as long as it
ran, as two nightly jobs on the clock's Celery queue did. As on Celery, the nightly jobs
(``NIGHTLY_TASKS``, their own queue there) have one thread and the minute sweeps another, so a
half-hour recount holds up no idle table's sweep either. Each thread runs its jobs one after another;
while it runs, its jobs are not looked at: one that fell due meanwhile is still due when it ends, and
none runs twice at once.

Every server process runs a ticker, so each found the night's jobs due at the same instant: a
nightly job (a crontab entry of the nightly lane) runs under a database lock of its own and is
written down as that night's run (``NightlyRun``); a process that comes to it after another ran it
skips it, and one that finds it unfinished (its process was killed half way) runs it. A process that
starts (a restart after the kill) runs the night's job left unfinished in the last day, once: a job
that kills its process every time is not run again at every restart. It runs too a night's job that
fell due in the last day while no process ran (the site was down over it), once, as that night's.
"""

from __future__ import annotations

import logging
import threading
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connection
from django.db.models import F
from django.utils import timezone

logger = logging.getLogger("games.jobs")

#: Entries of the beat schedule the ticker does itself.
TICKER_OWN = frozenset({"games.tables_sweep"})
#: The ticker runs several times a second; schedules are looked at once a second.
CHECK_EVERY = 1.0

_lock = threading.Lock()
_last_run: dict[str, datetime] = {}
_checked = [0.0, 0.0]  # last look (monotonic), tasks imported
_workers: dict[str, threading.Thread] = {}  # by lane ("nightly", "sweeps"): the jobs last found due
#: The first key of the nightly jobs' PostgreSQL advisory locks (two-key form; the second key is
#: the entry's name's CRC): "khnt".
NIGHTLY_LOCK = 0x6B686E74
#: A due job: its entry's name, the entry, and the instant its schedule fell due (None: a sweep;
#: ``UNFINISHED``: the night's run left unfinished, if there is one, looked for when a process starts).
Due = tuple[str, dict[str, Any], datetime | None]
UNFINISHED = datetime.min.replace(tzinfo=UTC)
#: A night's run left unfinished this long ago or longer is left to the next night.
CATCH_UP_WITHIN = timedelta(days=1)
#: Runs of one night's job any process may start (a start, or one waiting on the lock): the scheduled one
#: and one more.
CATCH_UP_ATTEMPTS = 2
#: Nights' runs are kept this long (a manager looking into a bad night), then dropped by the next run.
NIGHTLY_RUNS_KEPT = timedelta(days=60)
#: While the jobs cannot be looked at (their modules do not import, the database is down), the
#: failure is logged whole once, then a line this often: the schedules are looked at every second.
FAILURE_LOG_EVERY = 60.0
_failing = [0.0]  # when the last failure was logged (monotonic); 0: the last look went well


def _schedule(entry: dict[str, Any], app: Any) -> Any:
    from celery.schedules import maybe_schedule, schedule

    every = entry["schedule"]
    if isinstance(every, int | float):
        every = timedelta(seconds=every)
    if isinstance(every, timedelta):
        return schedule(every, app=app)
    return maybe_schedule(every, app=app)


def jobs_due(now: datetime, last_run: dict[str, datetime], app: Any) -> list[tuple[str, dict[str, Any]]]:
    """Beat's entries due at ``now`` (an entry seen for the first time starts its period now)."""
    due = []
    for name, entry in settings.CELERY_BEAT_SCHEDULE.items():
        if entry["task"] in TICKER_OWN:
            continue
        last = last_run.setdefault(name, now)
        if _schedule(entry, app).is_due(last).is_due:
            due.append((name, entry))
    return due


def jobs_tick(*, force: bool = False) -> int:
    """Start the periodic jobs due now (``TABLE_CLOCK = "ticker"`` only) in their lane's thread; the
    number started. Never raises."""
    if settings.TABLE_CLOCK != "ticker":
        return 0
    if not force and time.monotonic() - _checked[0] < CHECK_EVERY:
        return 0
    if not _lock.acquire(blocking=False):
        return 0
    try:
        _checked[0] = time.monotonic()
        busy = {lane for lane, worker in _workers.items() if worker.is_alive()}
        from club.celery import app

        if not _checked[1]:
            app.loader.import_default_modules()  # the tasks modules: autodiscovery is lazy
            _checked[1] = 1.0
        first_look = [
            (name, entry) for name, entry in settings.CELERY_BEAT_SCHEDULE.items() if name not in _last_run
        ]
        found = jobs_due(app.now(), _last_run, app)
        due = [(name, entry) for name, entry in found if _lane(entry) not in busy]
        by_lane: dict[str, list[Due]] = {}
        for name, entry in due:
            due_at = _nightly_due_at(entry, _last_run[name], app)
            _last_run[name] = app.now()
            by_lane.setdefault(_lane(entry), []).append((name, entry, due_at))
        if "nightly" not in busy:
            # A process starting: the night's runs a killed process left unfinished (by the table).
            for name, entry in first_look:
                if _nightly(entry, app):
                    by_lane.setdefault("nightly", []).append((name, entry, UNFINISHED))
        for lane, jobs in by_lane.items():
            worker = threading.Thread(
                target=_jobs_run, args=(app, jobs), name=f"periodic-{lane}", daemon=True
            )
            _workers[lane] = worker
            worker.start()
        if _failing[0]:
            _failing[0] = 0.0
            logger.warning("the periodic jobs are looked at again")
        return len(due)
    except Exception:
        now = time.monotonic()
        if not _failing[0]:
            logger.exception("the periodic jobs could not be looked at")
            _failing[0] = now
        elif now - _failing[0] >= FAILURE_LOG_EVERY:
            logger.error("the periodic jobs still cannot be looked at", exc_info=False)
            _failing[0] = now
        return 0
    finally:
        _lock.release()


def _lane(entry: dict[str, Any]) -> str:
    return "nightly" if entry["task"] in settings.NIGHTLY_TASKS else "sweeps"


def _nightly(entry: dict[str, Any], app: Any) -> bool:
    """A job of the nightly lane at a time of day (a crontab)."""
    from celery.schedules import crontab

    return _lane(entry) == "nightly" and isinstance(_schedule(entry, app), crontab)


def _nightly_due_at(entry: dict[str, Any], last: datetime, app: Any) -> datetime | None:
    """The instant a nightly job's crontab fell due (to the second): the same in every process, as
    it names the night, not the moment this process looked. None for any other entry (a sweep every
    minute is cheap, idempotent, and has no instant common to the processes)."""
    if not _nightly(entry, app):
        return None
    due_at = app.now() + _schedule(entry, app).remaining_estimate(last)
    return (due_at + timedelta(microseconds=500_000)).replace(microsecond=0)


def _lock_key(name: str) -> int:
    key = zlib.crc32(name.encode())
    return key - (1 << 32) if key >= 1 << 31 else key  # a signed 32-bit key


@contextmanager
def _nightly_lock(name: str) -> Iterator[None]:
    """Hold the job's lock while this process looks at and runs the night's run (PostgreSQL; a
    session lock: a run is several transactions). A process that comes while another runs the job
    waits for it, then finds it done; one whose process died half way let its lock go with its
    connection, and the next runs the job. SQLite: one process writes at a time anyway.

    The lock is held on a connection of its own, closed at the end: the job runs on Django's
    connection, which a failing job closes (``job_failure_record``). Held there, a closed connection
    let the lock go while the job still ran (a second process then ran it too) or, returned to the
    pool (``DB_POOL_SIZE``) with the lock still held, kept it for the pooled connection's whole life
    and every process's nightly lane waited on it."""
    if connection.vendor != "postgresql":
        yield
        return
    import psycopg

    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as holder:
        holder.execute("SELECT pg_advisory_lock(%s, %s)", [NIGHTLY_LOCK, _lock_key(name)])
        yield  # the lock goes with ``holder``'s connection, closed here


def _job_apply(app: Any, entry: dict[str, Any]) -> None:
    app.tasks[entry["task"]].apply(args=entry.get("args", ()), kwargs=entry.get("kwargs", {}), throw=False)


def _unfinished(name: str) -> datetime | None:
    """The night a run of job ``name`` was left unfinished in (its process killed half way), if it
    was lately and not run again already."""
    from .models import NightlyRun

    return (
        NightlyRun.objects.filter(
            name=name,
            finished_at__isnull=True,
            due_at__gte=timezone.now() - CATCH_UP_WITHIN,
            attempts__lt=CATCH_UP_ATTEMPTS,
        )
        .order_by("-due_at")
        .values_list("due_at", flat=True)
        .first()
    )


def _missed(name: str, entry: dict[str, Any], app: Any) -> datetime | None:
    """The last night job ``name`` fell due in the past day, if no process ran it (the site was down
    over it): a stopped site's counters waited a night more, its books went a night unchecked. Only
    at a site whose nights have run before: a new one (or one with the job just added) starts with
    the next night, as beat does."""
    from .models import NightlyRun

    now = app.now()
    due_at = _nightly_due_at(entry, now - CATCH_UP_WITHIN, app)
    if due_at is None or due_at > now:
        return None
    latest = NightlyRun.objects.filter(name=name).order_by("-due_at").values_list("due_at", flat=True).first()
    if latest is None or latest >= due_at:
        return None
    return due_at


def _nightly_run(app: Any, name: str, entry: dict[str, Any], due_at: datetime) -> bool:
    """Run the night's job unless another process ran it; True if this one ran it. A run that failed
    for good counts as the night's run (its failure is recorded for the managers): the others would
    only fail again and record it once more."""
    from .models import NightlyRun

    if due_at == UNFINISHED:
        unfinished = _unfinished(name)
        if unfinished is not None:
            logger.warning("nightly job %s of %s was left unfinished: it runs now", name, unfinished)
            due_at = unfinished
        else:
            missed = _missed(name, entry, app)
            if missed is None:
                return False
            logger.warning("nightly job %s of %s was missed (no process ran): it runs now", name, missed)
            due_at = missed
    with _nightly_lock(name):
        done = NightlyRun.objects.filter(name=name, due_at=due_at, finished_at__isnull=False)
        if done.exists():
            logger.info("nightly job %s of %s: another process ran it", name, due_at)
            return False
        run, created = NightlyRun.objects.get_or_create(name=name, due_at=due_at)
        if not created and run.attempts >= CATCH_UP_ATTEMPTS:
            # Left unfinished as often as a start may run it: a job that kills its process (out of
            # memory) was run again by every process waiting on its lock, each dying in turn, so
            # one bad night took the whole site down. It is left to the next night.
            logger.error(
                "nightly job %s of %s was left unfinished %d times: not run again", name, due_at, run.attempts
            )
            return False
        if not created:  # left unfinished by a process killed half way
            NightlyRun.objects.filter(pk=run.pk).update(started_at=timezone.now(), attempts=F("attempts") + 1)
        _job_apply(app, entry)
        NightlyRun.objects.filter(name=name, due_at=due_at).update(finished_at=timezone.now())
        # One row a job a night: kept for a while, not for ever.
        NightlyRun.objects.filter(name=name, due_at__lt=due_at - NIGHTLY_RUNS_KEPT).delete()
    return True


def _jobs_run(app: Any, due: list[Due]) -> None:
    from django.db import connections

    try:
        for name, entry, due_at in due:
            try:
                if due_at is None:
                    _job_apply(app, entry)
                else:
                    _nightly_run(app, name, entry, due_at)
            except Exception:
                logger.exception("periodic job %s could not run", name)
    finally:
        connections.close_all()  # this thread's own connections: nobody else would close them


def jobs_wait(timeout: float | None = None) -> bool:
    """Wait for the jobs' threads (tests, a stopping clock); True when none runs."""
    for worker in list(_workers.values()):
        worker.join(timeout)
    return not any(worker.is_alive() for worker in _workers.values())
