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

from django.conf import settings
from django.db import close_old_connections

logger = logging.getLogger("games.ticker")

_lock = threading.Lock()
_running: dict[str, tuple[threading.Event, threading.Thread]] = {}
INTERVAL = 0.2


def ticker_enabled() -> bool:
    """On by default, except in the test process (tests drive the clock themselves); ``TABLE_TICKER``
    in the environment or the settings decides otherwise."""
    if os.environ.get("TABLE_TICKER", "").strip():
        return os.environ["TABLE_TICKER"].strip().lower() in {"1", "true", "yes", "on"}
    return bool(getattr(settings, "TABLE_TICKER", not getattr(settings, "TESTING", False)))


def _run(interval: float, stop: threading.Event) -> None:
    from .jobs_clock import jobs_tick
    from .services import tables_tick

    while not stop.is_set():
        try:
            tables_tick()
            jobs_tick()  # the periodic jobs beat runs in production (games/jobs_clock.py)
        except Exception:  # the clock must outlive a bad tick; the next one retries
            logger.exception("table clock tick failed")
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
