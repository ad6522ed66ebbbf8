"""Which database errors are a lost connection: the one judgement the table clock (it tries again
at the next tick) and a plain form's POST (it shows its page afresh, asking to check) both make."""

from __future__ import annotations

from django.db import InterfaceError, OperationalError


def connection_lost(exc: BaseException) -> bool:
    """Did ``exc`` come of a lost connection to PostgreSQL (a restart, a failover,
    pg_terminate_backend: what was sent may or may not have been done), not of a statement the
    server refused and rolled back on a working connection (a deadlock 40P01, a lock or statement
    timeout 55P03/57014, a full disk 53100)? The driver's error is the cause Django raised it from:
    no SQLSTATE (the server never answered), class 08 (connection exceptions) or 57P (the server
    ended the session). SQLite has no connection to lose: its "database is locked" is no such loss."""
    if not isinstance(exc, (InterfaceError, OperationalError)):
        return False
    cause = exc.__cause__
    if not type(cause).__module__.startswith("psycopg"):
        return False
    sqlstate = getattr(cause, "sqlstate", None)
    return sqlstate is None or sqlstate.startswith(("08", "57P"))
