"""The table clock when nothing is due: one query, no writes, and it still notices each kind of due
work (``clock_anything_due`` must ask every question the tick's work asks)."""

from __future__ import annotations

from datetime import timedelta

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from club.models import Membership
from games.models import Deal, DealAction, TableSession
from games.services import clock_anything_due, tables_tick

from .conftest import sit_all, start_deal


def test_an_idle_tick_is_one_read_and_writes_nothing(make_table, players):
    table = make_table()
    sit_all(table, players[:4])
    deal = start_deal(table)
    assert deal.deadline is not None
    now = deal.deadline - timedelta(seconds=1)  # the turn is not over yet; nothing else is due
    actions = DealAction.objects.filter(deal=deal).count()
    with CaptureQueriesContext(connection) as queries:
        assert tables_tick(now) == 0
    assert len(queries) == 1, [q["sql"] for q in queries]
    assert queries[0]["sql"].lstrip().upper().startswith("SELECT")
    assert DealAction.objects.filter(deal=deal).count() == actions


def test_the_tick_still_moves_when_a_deadline_has_passed(make_table, players):
    table = make_table()
    sit_all(table, players[:4])
    deal = start_deal(table)
    later = deal.deadline + timedelta(seconds=1)
    assert clock_anything_due(later)
    assert tables_tick(later) >= 1
    assert Deal.objects.get(pk=deal.pk).seq > deal.seq


def test_each_kind_of_due_work_is_seen(make_table, players, club):
    now = timezone.now()
    table = make_table()
    assert not clock_anything_due(now)
    # A table waiting for its next deal.
    TableSession.objects.filter(pk=table.pk).update(next_deal_at=now - timedelta(seconds=1))
    assert clock_anything_due(now)
    TableSession.objects.filter(pk=table.pk).update(next_deal_at=None)
    assert not clock_anything_due(now)
    # A table whose end time has come (no deal running).
    TableSession.objects.filter(pk=table.pk).update(ends_at=now - timedelta(seconds=1))
    assert clock_anything_due(now)
    TableSession.objects.filter(pk=table.pk).update(ends_at=None)
    # A scheduled table whose seating opens.
    TableSession.objects.filter(pk=table.pk).update(
        status=TableSession.Status.SCHEDULED, starts_at=now + timedelta(minutes=5)
    )
    assert clock_anything_due(now)
    TableSession.objects.filter(pk=table.pk).update(status=TableSession.Status.FINISHED)
    assert not clock_anything_due(now)
    # A suspension that has ended.
    member = Membership.objects.filter(club=club, user=players[0]).get()
    Membership.objects.filter(pk=member.pk).update(suspended_until=now - timedelta(minutes=1))
    assert clock_anything_due(now)
    assert tables_tick(now) == 1
    assert not clock_anything_due(now)


def test_the_question_compiled_once_asks_what_the_querysets_ask(db):
    """The tick's question is compiled once with a sentinel instant; at any ``now`` its parameters
    must be the ones the querysets compile to."""
    from games.services import acting

    compiled = acting._due_recipe()
    if connection.vendor != "postgresql":
        return  # SQLite passes datetimes as strings: it compiles the question at each tick
    assert compiled is not None
    sql, recipe = compiled
    for now in (timezone.now(), timezone.now() + timedelta(days=400, seconds=7)):
        expected_sql, expected = acting._due_question(now)
        assert sql == expected_sql
        assert [now + part if depends else part for depends, part in recipe] == expected
