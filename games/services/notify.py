"""``table_notify_on_commit``: the only way a table change reaches the sockets (Zulip's
``send_event_on_commit``). Nothing is sent for a transaction that rolls back, and several changes
to one table in one transaction send one update."""

from __future__ import annotations

from django.db import connection, transaction


def table_notify_on_commit(session_id: int) -> None:
    # Django drops the callbacks of a rolled-back savepoint from this list, so "already queued" is
    # read from the list itself rather than remembered beside it.
    for entry in connection.run_on_commit:
        if getattr(entry[1], "khrap_table", None) == session_id:
            return

    def push() -> None:
        from ..broadcast import table_push

        table_push(session_id)

    push.khrap_table = session_id  # type: ignore[attr-defined]
    transaction.on_commit(push)
