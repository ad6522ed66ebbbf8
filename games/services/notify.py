"""``table_notify_on_commit``: the only way a table change reaches the sockets (Zulip's
``send_event_on_commit``). Nothing is sent for a transaction that rolls back, and several changes
to one table in one transaction send one update. Inside a server the update is sent from its event loop
(``games.broadcast.table_push_soon``); ``delay`` (presence-only changes) lets a burst make one update."""

from __future__ import annotations

from django.db import connection, transaction


def table_notify_on_commit(session_id: int, *, delay: float = 0.0) -> None:
    # Django drops the callbacks of a rolled-back savepoint from this list, so "already queued" is
    # read from the list itself rather than remembered beside it.
    for entry in connection.run_on_commit:
        if getattr(entry[1], "khrap_table", None) == session_id:
            if not delay:
                entry[1].khrap_delay = 0.0  # a real change joins a presence one: no waiting
            return

    def push() -> None:
        from ..broadcast import table_push_soon

        table_push_soon(session_id, delay=push.khrap_delay)  # type: ignore[attr-defined]

    push.khrap_table = session_id  # type: ignore[attr-defined]
    push.khrap_delay = delay  # type: ignore[attr-defined]
    transaction.on_commit(push)
