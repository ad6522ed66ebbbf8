"""Calls run at once, each in a thread with a database connection of its own: races against
PostgreSQL with real connections (the tests hold each side where the race needs it)."""

from __future__ import annotations

import threading
from collections.abc import Callable

from django.db import connection


def run_apart(**calls: Callable[[], object]) -> dict[str, object]:
    """Start every call in its own thread and wait for all (a minute at most): what each returned,
    or the exception it raised, by its name."""
    results: dict[str, object] = {}

    def run(name: str, call: Callable[[], object]) -> None:
        try:
            results[name] = call()
        except Exception as exc:
            results[name] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=item) for item in calls.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results
