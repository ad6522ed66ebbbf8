"""Review 87: the table clock's database connection dropped while it expired a turn or dealt (a
PostgreSQL restart, pg_terminate_backend, a failover). The clock took the error for a broken deal
or table and put it aside for a minute: the players looked at a clock at zero, or at a table that
did not deal, for sixty seconds, at every table the drop hit. A lost connection is now tried again
at the next tick, on a new connection; a deal or table that fails on a working connection is still
put aside."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import OperationalError, connection, transaction
from django.utils import timezone

from games.models import Deal, DealAction, TableSession
from games.services import acting

from .conftest import sit_all, start_deal

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def _connection_dropped(**kwargs):
    """The work's transaction loses its connection under it, as pg_terminate_backend makes it."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(pg_backend_pid())")


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("pg_terminate_backend is PostgreSQL's")


def test_a_turn_whose_connection_dropped_expires_at_the_next_tick(make_table, players, monkeypatch):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    Deal.objects.filter(pk=deal.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    monkeypatch.setattr(acting, "turn_expire", _connection_dropped)
    with pytest.raises(OperationalError):  # sanity: the connection does drop
        _connection_dropped()
    acting.tables_tick()
    monkeypatch.undo()
    deal.refresh_from_db()
    assert deal.deadline <= timezone.now(), "the deal was put aside"
    acting.tables_tick()
    assert DealAction.objects.filter(deal=deal).count() == 1


def test_a_table_whose_connection_dropped_deals_at_the_next_tick(make_table, players, monkeypatch):
    table = make_table()
    sit_all(table, players)
    TableSession.objects.filter(pk=table.pk).update(next_deal_at=timezone.now() - timedelta(seconds=1))
    monkeypatch.setattr(acting, "session_deal_if_due", _connection_dropped)
    acting.tables_tick()
    monkeypatch.undo()
    table.refresh_from_db()
    assert table.next_deal_at is not None and table.next_deal_at <= timezone.now(), "put aside"
    acting.tables_tick()
    assert Deal.objects.filter(session=table).exists()


def test_a_deal_that_fails_on_a_working_connection_is_still_put_aside(make_table, players, monkeypatch):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    Deal.objects.filter(pk=deal.pk).update(deadline=timezone.now() - timedelta(seconds=1))

    def broken(**kwargs):
        raise OperationalError("canceling statement due to statement timeout")

    monkeypatch.setattr(acting, "turn_expire", broken)
    acting.tables_tick()
    deal.refresh_from_db()
    assert deal.deadline > timezone.now() + timedelta(seconds=30)
