"""Review 108: a weekly table opened "now" met every week at the second it was opened.

The "open a table" form reads a start to the minute (a table shown "20:00" dealt at 20:00:37, review
83). A weekly table with no start typed opens now, and its weeks are counted from its first start:
that start was the moment the form was sent, seconds and all, so every later week started at, say,
20:03:27.412 while the club page and the table's page showed "20:03". Found scheduling weekly tables
as a manager with odd starts. The first start of such a series is now the minute it was opened."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import TableSession
from games.services import table_session_create

pytestmark = pytest.mark.django_db


def test_the_weeks_start_on_the_minute(club, owner) -> None:
    before = timezone.now()
    table = table_session_create(
        club=club,
        actor=owner,
        title="Every week",
        preset="classic",
        stake=5,
        seat_count=4,
        buy_in_min=100,
        buy_in_max=500,
        repeat_weekly=True,
    )
    table.refresh_from_db()
    assert table.started_at is not None  # it opened now
    assert table.status == TableSession.Status.OPEN
    assert before - timedelta(minutes=1) < table.starts_at <= table.started_at
    assert table.starts_at.second == 0 and table.starts_at.microsecond == 0
    following = TableSession.objects.get(series=table, starts_at__gt=table.starts_at)
    assert following.starts_at.second == 0 and following.starts_at.microsecond == 0
    assert following.starts_at == table.starts_at + timedelta(days=7)


def test_a_table_opened_now_once_keeps_its_moment(club, owner) -> None:
    """Not weekly: nothing repeats, and its start is when it opened (as before)."""
    table = table_session_create(
        club=club,
        actor=owner,
        title="Once",
        preset="classic",
        stake=5,
        seat_count=4,
        buy_in_min=100,
        buy_in_max=500,
    )
    table.refresh_from_db()
    assert table.started_at == table.starts_at
