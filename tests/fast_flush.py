"""Emptying the tables after a transactional test, on PostgreSQL, by DELETE rather than TRUNCATE.

Django's TransactionTestCase (pytest-django's ``transactional_db``, every socket, server and browser
test here) empties every table with one TRUNCATE and then recreates the content types and
permissions it has just removed. Measured on this suite's database (39 tables): the TRUNCATE took
2-4 s on a loaded 2-core machine and the recreation 0.3 s, against 0.08 s for deleting the rows of
tables that hold a test's few rows each, so the flush was most of many tests' time and most of the
CI run's. Rows are deleted as the replication role (a superuser's session setting) so that neither the
foreign keys' order nor the ledger's append-only triggers stand in the way, as they do not for
TRUNCATE; content types and permissions are kept, so nothing needs recreating. Where that role cannot
be taken (not a superuser) or on SQLite, Django's own flush runs.
"""

from __future__ import annotations

from typing import Any

from django.db import DatabaseError, connections
from django.test import TransactionTestCase

#: Rows every test may count on and none changes: what Django's flush would recreate at once.
KEPT = frozenset({"django_content_type", "auth_permission", "django_migrations"})

_django_teardown = TransactionTestCase._fixture_teardown


def _can_delete_quickly(connection: Any) -> bool:
    if connection.vendor != "postgresql":
        return False
    cached = getattr(connection, "_khrap_superuser", None)
    if cached is None:
        with connection.cursor() as cursor:
            cursor.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
            row = cursor.fetchone()
        cached = bool(row and row[0])
        connection._khrap_superuser = cached
    return cached


def _empty(connection: Any) -> None:
    tables = [
        name
        for name in connection.introspection.django_table_names(only_existing=True, include_views=False)
        if name not in KEPT
    ]
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute("SET session_replication_role = replica")
        try:
            for name in tables:
                cursor.execute(f"DELETE FROM {quote(name)}")
        finally:
            cursor.execute("SET session_replication_role = DEFAULT")


def _fixture_teardown(self: TransactionTestCase) -> None:
    plain = self.available_apps is not None or self.serialized_rollback or self.reset_sequences
    names = list(self._databases_names(include_mirrors=False))
    if plain or not all(_can_delete_quickly(connections[name]) for name in names):
        _django_teardown(self)
        return
    try:
        for name in names:
            _empty(connections[name])
    except DatabaseError:
        _django_teardown(self)


def install() -> None:
    TransactionTestCase._fixture_teardown = _fixture_teardown  # type: ignore[method-assign]
