"""Review 86 (a club a year old). Its deals page read every finished deal of the club (twenty thousand
after a year: each with its state, a kilobyte) and sorted them all to show the newest 25: a quarter of
a second per page on PostgreSQL, more with each deal played, and the page every member opens. The
newest deals are read from an index in their order now: 0.3 ms for the same club."""

from __future__ import annotations

import pytest
from django.db import connection, transaction

from games import history

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def _plan(sql: str, params: tuple) -> str:
    with transaction.atomic(), connection.cursor() as cursor:
        # The planner's choice on a nearly empty test database is no evidence either way: what is asked
        # is whether an index can give the rows in the list's order at all, with no sort after it.
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("SET LOCAL enable_sort = off")
        cursor.execute("EXPLAIN " + sql, params)
        return "\n".join(row[0] for row in cursor.fetchall())


def test_the_newest_deals_come_in_order_from_an_index(club) -> None:
    sql, params = history.deals_finished(club=club)[:26].query.sql_with_params()
    plan = _plan(sql, params)
    assert "Sort Key" not in plan, plan


def test_a_page_up_to_a_time_too(club) -> None:
    """The later pages keep the list as its first page read it (``upto``)."""
    page = history.deal_history_page(club=club, upto=history.datetime(2026, 1, 1, tzinfo=history.UTC))
    sql, params = page.paginator.object_list[25:51].query.sql_with_params()
    assert "Sort Key" not in _plan(sql, params)
