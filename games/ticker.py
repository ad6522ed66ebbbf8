"""The in-process table clock of the embedded default: a daemon thread that calls ``tables_tick``.

Under the embedded default there is no Celery worker (an eager task ignores ``countdown``), so this
thread expires turns, makes bots move and starts deals. It runs in every server process that serves
tables; the clock's work is idempotent (table locks and ``seq``), so two processes, or a scheduler
beside them, never apply a move twice.
"""

from __future__ import annotations

import logging
import os
import threading
import time

from django.conf import settings
from django.db import close_old_connections

logger = logging.getLogger("games.ticker")

_lock = threading.Lock()
_running: dict[str, tuple[threading.Event, threading.Thread]] = {}
INTERVAL = 0.2
#: A tick that keeps failing (the database is down) is told again at most this often.
FAILING_TOLD_EVERY = 60.0


class _Failing:
    """How the clock tells of ticks that fail. It ticks five times a second, and while the database
    was down every tick logged a full traceback: 300 a minute, the cause lost among them. The first
    failure is logged with its traceback, the same one again at most once a minute in a line, and
    the first tick that works after them says so."""

    def __init__(self) -> None:
        self.since: float | None = None  # monotonic: when the ticks began to fail
        self.told = 0.0
        self.count = 0

    def failed(self, exc: BaseException) -> None:
        now = time.monotonic()
        self.count += 1
        if self.since is None:
            self.since, self.told = now, now
            logger.exception("table clock tick failed")
        elif now - self.told >= FAILING_TOLD_EVERY:
            self.told = now
            logger.error(
                "table clock ticks still fail (%d failed in %.0f s): %s: %s",
                self.count,
                now - self.since,
                type(exc).__name__,
                str(exc).strip().splitlines()[0] if str(exc).strip() else "",
            )

    def worked(self) -> None:
        if self.since is None:
            return
        logger.warning(
            "table clock ticks again after %.0f s of failures (%d ticks failed)",
            time.monotonic() - self.since,
            self.count,
        )
        self.since, self.count = None, 0


def ticker_enabled() -> bool:
    """On by default, except in the test process (tests drive the clock themselves); ``TABLE_TICKER``
    in the environment or the settings decides otherwise."""
    if os.environ.get("TABLE_TICKER", "").strip():
        return os.environ["TABLE_TICKER"].strip().lower() in {"1", "true", "yes", "on"}
    return bool(getattr(settings, "TABLE_TICKER", not getattr(settings, "TESTING", False)))


def _run(interval: float, stop: threading.Event) -> None:
    from .jobs_clock import jobs_tick
    from .services import tables_tick

    failing = _Failing()
    while not stop.is_set():
        try:
            tables_tick()
            jobs_tick()  # the periodic jobs beat runs in production (games/jobs_clock.py)
            failing.worked()
        except Exception as exc:  # the clock must outlive a bad tick; the next one retries
            failing.failed(exc)
        finally:
            close_old_connections()
        stop.wait(interval)


def ensure_ticker(*, interval: float = INTERVAL, force: bool = False) -> bool:
    """Start this process's table clock once (if enabled). Returns True if it runs."""
    if not (force or ticker_enabled()):
        return False
    with _lock:
        if "clock" not in _running:
            stop = threading.Event()
            thread = threading.Thread(target=_run, args=(interval, stop), name="table-clock", daemon=True)
            thread.start()
            _running["clock"] = (stop, thread)
    return True


def ticker_stop() -> None:
    """Stop this process's table clock (tests; a server stops with its process)."""
    with _lock:
        running = _running.pop("clock", None)
    if running is not None:
        stop, thread = running
        stop.set()
        thread.join(timeout=10)
    from .jobs_clock import jobs_wait

    jobs_wait(10)  # the periodic jobs the clock started run in a thread of their own
