"""Going around the ledger as an attacker with database access would: raw SQL, and on PostgreSQL with
the ledger's triggers switched off for the statement (only a superuser can, which the test database
user is; the application role cannot, see docs/deploy-database.md)."""

from __future__ import annotations

from django.db import connection, transaction


def tamper(sql: str, params: list | tuple | None = None) -> None:
    """Run ``sql`` with every ordinary trigger off (PostgreSQL), or plainly (SQLite has none)."""
    with transaction.atomic(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET LOCAL session_replication_role = replica")
        cursor.execute(sql, params)
        if connection.vendor == "postgresql":
            cursor.execute("SET LOCAL session_replication_role = origin")
