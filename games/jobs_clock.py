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
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings

logger = logging.getLogger("games.jobs")

#: Entries of the beat schedule the ticker does itself.
TICKER_OWN = frozenset({"games.tables_sweep"})
#: The ticker runs several times a second; schedules are looked at once a second.
CHECK_EVERY = 1.0

_lock = threading.Lock()
_last_run: dict[str, datetime] = {}
_checked = [0.0, 0.0]  # last look (monotonic), tasks imported
_workers: dict[str, threading.Thread] = {}  # by lane ("nightly", "sweeps"): the jobs last found due


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
        found = jobs_due(app.now(), _last_run, app)
        due = [(name, entry) for name, entry in found if _lane(entry) not in busy]
        by_lane: dict[str, list[tuple[str, dict[str, Any]]]] = {}
        for name, entry in due:
            _last_run[name] = app.now()
            by_lane.setdefault(_lane(entry), []).append((name, entry))
        for lane, jobs in by_lane.items():
            worker = threading.Thread(
                target=_jobs_run, args=(app, jobs), name=f"periodic-{lane}", daemon=True
            )
            _workers[lane] = worker
            worker.start()
        return len(due)
    except Exception:
        logger.exception("the periodic jobs could not be looked at")
        return 0
    finally:
        _lock.release()


def _lane(entry: dict[str, Any]) -> str:
    return "nightly" if entry["task"] in settings.NIGHTLY_TASKS else "sweeps"


def _jobs_run(app: Any, due: list[tuple[str, dict[str, Any]]]) -> None:
    from django.db import connections

    try:
        for name, entry in due:
            try:
                app.tasks[entry["task"]].apply(
                    args=entry.get("args", ()), kwargs=entry.get("kwargs", {}), throw=False
                )
            except Exception:
                logger.exception("periodic job %s could not run", name)
    finally:
        connections.close_all()  # this thread's own connections: nobody else would close them


def jobs_wait(timeout: float | None = None) -> bool:
    """Wait for the jobs' threads (tests, a stopping clock); True when none runs."""
    for worker in list(_workers.values()):
        worker.join(timeout)
    return not any(worker.is_alive() for worker in _workers.values())
