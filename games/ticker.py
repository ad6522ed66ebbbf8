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

_started = threading.Event()
_lock = threading.Lock()
INTERVAL = 0.2


def ticker_enabled() -> bool:
    """On by default, except in the test process (tests drive the clock themselves); ``TABLE_TICKER``
    in the environment or the settings decides otherwise."""
    if os.environ.get("TABLE_TICKER"):
        return os.environ["TABLE_TICKER"].lower() in {"1", "true", "yes", "on"}
    return bool(getattr(settings, "TABLE_TICKER", not getattr(settings, "TESTING", False)))


def _run(interval: float) -> None:
    from .services import tables_tick

    while True:
        try:
            tables_tick()
        except Exception:  # the clock must outlive a bad tick; the next one retries
            logger.exception("table clock tick failed")
        finally:
            close_old_connections()
        time.sleep(interval)


def ensure_ticker(*, interval: float = INTERVAL, force: bool = False) -> bool:
    """Start this process's table clock once (if enabled). Returns True if it runs."""
    if not (force or ticker_enabled()):
        return False
    with _lock:
        if not _started.is_set():
            threading.Thread(target=_run, args=(interval,), name="table-clock", daemon=True).start()
            _started.set()
    return True
