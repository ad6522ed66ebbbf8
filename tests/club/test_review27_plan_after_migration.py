"""A migration that changes a column's type (a CharField's max_length) while the site runs.

With DB_PREPARED_STATEMENTS the connections of the running processes keep statements PostgreSQL
planned for the old column: their next run raised "cached plan must not change result type". Outside
a transaction nothing ever cleared them, so every page reading that table failed on that pooled
connection (review 27: after `max_length` 80 -> 81 on the club's name, 5 of 6 pages answered 500
until the site was restarted). The site now forgets its prepared statements on that error and runs
the statement again, which the migration cannot have half-done (PostgreSQL refuses before running it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import psycopg
import pytest
from django.db import connection, transaction

from club.models import Club, User

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's (CI runs on it)"
)


def _other_connection() -> psycopg.Connection:
    """A connection of another process, as `manage.py migrate` is: its DDL must not be seen by ours."""
    params = connection.get_connection_params()
    kwargs = {k: params[k] for k in ("dbname", "user", "password", "host", "port") if params.get(k)}
    return psycopg.connect(autocommit=True, **kwargs)


@pytest.fixture
def name_column_widened() -> Iterator[Callable[..., None]]:
    width = Club._meta.get_field("name").max_length
    with _other_connection() as migrate:

        def widen(by: int = 1) -> None:
            migrate.execute(f"ALTER TABLE club_club ALTER COLUMN name TYPE varchar({width + by})")

        yield widen
        connection.close()  # its plans are for the wider column; the schema goes back now
        migrate.execute(f"ALTER TABLE club_club ALTER COLUMN name TYPE varchar({width})")


def _club() -> Club:
    owner = User.objects.create_user("planner", password="pw-planner-1")
    return Club.objects.create(name="Plans", slug="plans", created_by=owner)


def _read_name(pk: int) -> str:
    return Club.objects.values_list("name", flat=True).get(pk=pk)


def _planned() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements")
        return cursor.fetchone()[0]


@pytest.mark.django_db(transaction=True)
def test_a_read_outside_a_transaction_survives_the_column_changing(name_column_widened) -> None:
    club = _club()
    for _ in range(3):
        assert _read_name(club.pk) == "Plans"
    assert _planned() > 0
    name_column_widened()
    # The first read after the migration already answers, and so does every later one.
    for _ in range(3):
        assert _read_name(club.pk) == "Plans"
    # A second migration meets the same connection's new plans: it gets over that one too.
    name_column_widened(by=2)
    for _ in range(3):
        assert _read_name(club.pk) == "Plans"


@pytest.mark.django_db(transaction=True)
def test_a_whole_row_read_then_a_save_survive_it(name_column_widened) -> None:
    club = _club()
    for _ in range(3):
        assert Club.objects.get(pk=club.pk).name == "Plans"
    name_column_widened()
    again = Club.objects.get(pk=club.pk)
    again.description = "after"
    again.save(update_fields=["description"])
    assert Club.objects.get(pk=club.pk).description == "after"


@pytest.mark.django_db(transaction=True)
def test_a_transaction_that_met_it_fails_once_and_the_next_one_works(name_column_widened) -> None:
    club = _club()
    for _ in range(3):
        assert _read_name(club.pk) == "Plans"
    name_column_widened()
    # Inside a transaction the statement cannot be run again (the transaction is aborted), so this
    # one fails; its rollback must leave the connection able to serve the next.
    try:
        with transaction.atomic():
            _read_name(club.pk)
    except Exception:
        pass
    with transaction.atomic():
        assert _read_name(club.pk) == "Plans"
    assert _read_name(club.pk) == "Plans"


@pytest.mark.django_db(transaction=True)
def test_it_holds_on_a_connection_that_had_deallocated_before(name_column_widened) -> None:
    """psycopg notices a "DEALLOCATE ALL" only the first time it meets its text on a connection: had
    one run there before, the cursor's own left psycopg naming statements the server had dropped
    ("prepared statement _pg3_0 does not exist", on every run after)."""
    pk = _club().pk
    connection.close()

    def read() -> str:
        with connection.cursor() as cursor:
            cursor.execute("SELECT name FROM club_club WHERE id = %s", [pk])
            return cursor.fetchone()[0]

    read()
    with connection.cursor() as cursor:
        cursor.execute("DEALLOCATE ALL")
    for _ in range(3):
        assert read() == "Plans"
    name_column_widened()
    for _ in range(3):
        assert read() == "Plans"
