"""The periodic jobs of the embedded default: what Celery beat runs in production
(``CELERY_BEAT_SCHEDULE``), run by the in-process ticker when ``TABLE_CLOCK`` is ``"ticker"``.

The ticker already is the tables' sweeper, so that entry is skipped; every other job runs in the
ticker's thread when its schedule says so, as an in-process task (``Task.apply``: the same code, the
same failure record). As with beat, a job's first run comes one period after the process starts (a
nightly job at its hour), not at every restart.

The jobs run in a thread of their own, one after another, not in the ticker's: a nightly pass over
the books or the deal log held the tables' clock (no turn expired, no bot moved, no table opened)
for as long as it ran, as two nightly jobs on the clock's Celery queue did (hence their own queue).
While that thread runs, the ticker looks at no schedule: a job that fell due meanwhile is still due
when it ends, and none runs twice at once.
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
_worker: list[threading.Thread] = []  # the thread running the jobs last found due


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
    """Start the periodic jobs due now (``TABLE_CLOCK = "ticker"`` only) in their own thread; the
    number started. Never raises."""
    if settings.TABLE_CLOCK != "ticker":
        return 0
    if not force and time.monotonic() - _checked[0] < CHECK_EVERY:
        return 0
    if not _lock.acquire(blocking=False):
        return 0
    try:
        _checked[0] = time.monotonic()
        if _worker and _worker[0].is_alive():
            return 0
        from club.celery import app

        if not _checked[1]:
            app.loader.import_default_modules()  # the tasks modules: autodiscovery is lazy
            _checked[1] = 1.0
        due = jobs_due(app.now(), _last_run, app)
        for name, _entry in due:
            _last_run[name] = app.now()
        if due:
            worker = threading.Thread(target=_jobs_run, args=(app, due), name="periodic-jobs", daemon=True)
            _worker[:] = [worker]
            worker.start()
        return len(due)
    except Exception:
        logger.exception("the periodic jobs could not be looked at")
        return 0
    finally:
        _lock.release()


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
    """Wait for the jobs thread (tests, a stopping process); True when none runs."""
    if _worker:
        _worker[0].join(timeout)
        return not _worker[0].is_alive()
    return True
