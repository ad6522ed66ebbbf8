"""``games.prepared.Prepared``: a read compiled once gives what its queryset gives, for any arguments."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games.models import Deal, Seat, TableSession
from games.prepared import Prepared, first_of
from games.services.access import seats_taken, seats_taken_list, session_lock
from games.services.dealing import deal_players, deal_running

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db


def _seat_facts(seat: Seat) -> tuple:
    return (
        seat.pk,
        seat.position,
        seat.status,
        seat.member_id,
        seat.member.user.username if seat.member_id else None,
        seat.session.pk,
        seat.session.club.slug,
    )


def test_model_rows_with_their_joined_objects_are_the_querysets(make_table, players):
    tables = [make_table(), make_table()]
    for table in tables:
        sit_all(table, players)
    for table in tables:  # the second call runs the plan the first compiled, with other arguments
        expected = [_seat_facts(s) for s in seats_taken(table)]
        got = seats_taken_list(table)
        assert [_seat_facts(s) for s in got] == expected and len(expected) == 4
        assert all(type(s) is Seat and s._state.db == "default" and not s._state.adding for s in got)


def test_an_in_list_of_any_length_and_an_empty_one_give_the_querysets_rows(make_table, players):
    table = make_table()
    sit_all(table, players)
    ids = sorted(Seat.objects.filter(session=table).values_list("pk", flat=True))
    by_ids = Prepared(lambda ids: Seat.objects.filter(pk__in=ids).values_list("pk", flat=True))
    for some in (ids, ids[:2], ids[1:], ids[:1], [ids[0], 10**9]):
        assert sorted(by_ids(some)) == sorted(Seat.objects.filter(pk__in=some).values_list("pk", flat=True))
    assert by_ids([]) == []  # the ORM's own answer: an empty IN reads nothing


def test_values_lists_strings_and_first(make_table, players):
    table = make_table()
    sit_all(table, players)
    named = Prepared(
        lambda session_id, title: TableSession.objects.filter(pk=session_id, title=title).values_list(
            "pk", "title"
        )
    )
    assert named(table.pk, table.title) == [(table.pk, table.title)]
    assert named(table.pk, table.title + "x") == []
    last_seat = Prepared(
        lambda session_id: first_of(Seat.objects.filter(session_id=session_id).order_by("-position"))
    )
    assert last_seat.first(table.pk).position == 3
    assert last_seat.first(10**9) is None


def test_a_deals_json_and_array_fields_read_as_the_orm_reads_them(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    fresh = Deal.objects.get(pk=deal.pk)
    seats = deal_players(fresh)
    assert [s.pk for s in seats] == list(fresh.players)
    running = deal_running(table)
    assert running is not None
    for field in ("players", "state", "opening", "deadline", "started_at", "commitment", "seq"):
        assert getattr(running, field) == getattr(fresh, field)


def test_an_argument_the_sql_does_not_carry_falls_back_to_the_orm(make_table, players):
    table = make_table()
    sit_all(table, players)
    # The slice's bound is written into the SQL (LIMIT n), not passed: no plan, the ORM each time.
    first_n = Prepared(lambda n: Seat.objects.filter(session=table).order_by("position")[:n])
    assert [s.position for s in first_n(2)] == [0, 1]
    assert [s.position for s in first_n(3)] == [0, 1, 2]


def test_each_call_is_one_query_seen_like_any_other(make_table, players):
    table = make_table()
    sit_all(table, players)
    seats_taken_list(table)
    with CaptureQueriesContext(connection) as captured:
        seats_taken_list(table)
    assert len(captured.captured_queries) == 1


def test_a_locking_read_reads_the_row_inside_a_transaction(make_table):
    table = make_table()
    with transaction.atomic():
        assert session_lock(table.pk).pk == table.pk
