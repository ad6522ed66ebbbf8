"""A table's export, built once per process for each state of the table's finished deals.

Exporting a table replays every finished deal it had (hundreds of queries and seconds of engine for
a long evening), and any member may ask for it again and again. A finished deal never changes, so
the file is the same until the table finishes another one (or is renamed: its title is in each
file's comment): it is kept under that state, and a second request for a file being built waits for
it rather than building it again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import NamedTuple

from django.db.models import Count, Max

from .models import Deal, TableSession

#: Bytes of files kept per process, the least recently asked for dropped first.
LIMIT_BYTES = 32 * 1024 * 1024


class ExportFile(NamedTuple):
    content: bytes
    content_type: str
    filename: str


_kept: OrderedDict[tuple[object, ...], ExportFile] = OrderedDict()
_size = 0
_lock = threading.Lock()
_building: dict[tuple[object, ...], threading.Lock] = {}


def _state(session: TableSession) -> tuple[object, ...]:
    finished = Deal.objects.filter(session=session, finished_at__isnull=False).aggregate(
        count=Count("id"), last=Max("id"), when=Max("finished_at")
    )
    # The times as well as the ids: a database restored from a backup (or a test rolled back) can
    # give the same ids to other tables and deals.
    return (
        session.pk,
        session.created_at,
        session.title,
        finished["count"],
        finished["last"],
        finished["when"],
    )


def table_export(session: TableSession, build: Callable[[], ExportFile | None]) -> ExportFile | None:
    """The table's export file (``None`` when it has no finished deal), built by ``build`` only
    when the table's finished deals changed since it was last built in this process."""
    global _size
    key = _state(session)
    with _lock:
        hit = _kept.get(key)
        if hit is not None:
            _kept.move_to_end(key)
            return hit
        building = _building.setdefault(key, threading.Lock())
    with building:
        with _lock:
            hit = _kept.get(key)
            if hit is not None:
                return hit
        made = build()
        with _lock:
            _building.pop(key, None)
            if made is not None and len(made.content) <= LIMIT_BYTES:
                _kept[key] = made
                _size += len(made.content)
                while _size > LIMIT_BYTES:
                    _old, dropped = _kept.popitem(last=False)
                    _size -= len(dropped.content)
    return made


def forget_all() -> None:
    """Drop every kept file (tests)."""
    global _size
    with _lock:
        _kept.clear()
        _size = 0
