"""The PostgreSQL cursor of DB_PREPARED_STATEMENTS: it gets over a migration that changed a column.

A connection keeps the statements it prepared. When `manage.py migrate` (another process) changes
the type of a column one of them returns (a CharField's max_length, a field's type), PostgreSQL
refuses to run it again: "cached plan must not change result type". A rollback makes psycopg forget
its prepared statements, but a statement run outside a transaction (most of a page's reads) is never
rolled back, so its pooled connection failed that statement on every page until the site restarted.
On that error this cursor deallocates the connection's prepared statements and, outside a
transaction, runs the statement once more: PostgreSQL refuses before running anything, so the retry
cannot do a write twice. Inside a transaction the transaction is aborted; it fails, and its rollback
clears the statements for the next one.
"""

from __future__ import annotations

import logging
from typing import Any

import psycopg
from django.db.backends.postgresql.base import ServerBindingCursor
from psycopg import pq

logger = logging.getLogger(__name__)


def _is_stale_plan(exc: psycopg.Error) -> bool:
    # The source function, unlike the message, is not translated by the server's lc_messages.
    return exc.sqlstate == "0A000" and exc.diag.source_function == "RevalidateCachedQuery"


class ReplanningCursor(ServerBindingCursor):
    def execute(self, query: Any, params: Any = None, **kwargs: Any) -> ReplanningCursor:
        try:
            return super().execute(query, params, **kwargs)
        except psycopg.errors.FeatureNotSupported as exc:
            if not _is_stale_plan(exc) or not self._forget_plans():
                raise
            logger.warning("a column changed under a prepared statement: statements dropped, run again")
            return super().execute(query, params, **kwargs)

    def executemany(self, query: Any, params_seq: Any, **kwargs: Any) -> None:
        try:
            super().executemany(query, params_seq, **kwargs)
        except psycopg.errors.FeatureNotSupported as exc:
            # Not run again: some of the rows may have been written before the one that failed.
            if _is_stale_plan(exc):
                self._forget_plans()
            raise

    def _forget_plans(self) -> bool:
        """Drop this connection's prepared statements; False inside a transaction (its rollback will)."""
        if self.connection.info.transaction_status != pq.TransactionStatus.IDLE:
            return False
        super().execute("DEALLOCATE ALL", prepare=False)
        # psycopg forgets its own list on reading that command's status only the first time it meets
        # the command's text on a connection: had anything run "DEALLOCATE ALL" there before, it
        # would go on naming statements the server no longer has ("prepared statement _pg3_0 does
        # not exist", on every run). Its list is emptied here whatever it noticed.
        prepared = getattr(self.connection, "_prepared", None)
        if prepared is not None:
            prepared.clear()
        return True
