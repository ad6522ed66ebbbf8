"""Calls raced from threads of their own, each on its own database connection, released together."""

from __future__ import annotations

import threading
from collections.abc import Callable

from django.db import connection

from club.errors import ServiceError


def _same(value: object) -> object:
    return value


def race(
    *calls: Callable[[], object],
    answer: Callable[[object], object] = _same,
    refusal: Callable[[ServiceError], object] = _same,
) -> list[object]:
    """What each call came to, in the order they ended: ``answer`` of its result, ``refusal`` of the
    ServiceError (a TableError is one) it raised, or the repr of any other exception, which the
    callers' asserts refuse (a database error, a deadlock)."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = []

    def run(call: Callable[[], object]) -> None:
        try:
            barrier.wait()
            results.append(answer(call()))
        except ServiceError as exc:
            results.append(refusal(exc))
        except Exception as exc:  # an answer the asserts refuse
            results.append(repr(exc))
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert len(results) == len(calls), results
    return results
