"""Review 145: a weekly table with no end ends when next week's opens its seats (this session's
change). A manager who skipped next week (a holiday) left this week's table open through it: no
next week opened, so it stayed open, members played on at it on the night called off, and it closed
only when the week after opened, a fortnight on. A week skipped ends the endless week before it when
its seats would have opened, and the log says why."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from club.models import AuditLog
from games.models import TableSession
from games.services import tables_tick
from games.services.schedule import session_skip_week

from .conftest import sit_all

pytestmark = pytest.mark.django_db

T0 = timezone.now().replace(microsecond=0) + timedelta(days=1)
NEXT_OPENS = T0 + timedelta(days=7) - timedelta(minutes=15)


def _a_started_endless_week(make_table, players) -> tuple[TableSession, TableSession]:
    first = make_table(starts_at=T0, repeat_weekly=True, min_players=4)
    tables_tick(T0 - timedelta(minutes=15))
    sit_all(first, players, buy_in=200)
    tables_tick(T0)
    following = TableSession.objects.get(series=first, starts_at=T0 + timedelta(days=7))
    return first, following


def test_a_skipped_week_ends_the_endless_week_before_it(make_table, players, owner):
    first, following = _a_started_endless_week(make_table, players)
    session_skip_week(session_id=following.pk, actor=owner, now=T0 + timedelta(days=1))
    first.refresh_from_db()
    # Told ahead: the table shows when it ends, as any table with an end.
    assert first.ends_at == NEXT_OPENS
    assert AuditLog.objects.filter(action="table.ended_by_skipped_week", data__table=first.pk).count() == 1
    after = TableSession.objects.get(series=first, starts_at=T0 + timedelta(days=14))
    assert after.status == TableSession.Status.SCHEDULED and after.ends_at is None


def test_a_week_skipped_after_it_would_have_opened_ends_it_now(make_table, players, owner):
    """Skipped late (seating never opened: the clock stood still), the week before ends at once."""
    first, following = _a_started_endless_week(make_table, players)
    late = NEXT_OPENS + timedelta(minutes=5)
    session_skip_week(session_id=following.pk, actor=owner, now=late)
    first.refresh_from_db()
    assert first.ends_at == late


def test_a_week_with_an_end_keeps_it(make_table, players, owner):
    first = make_table(starts_at=T0, ends_at=T0 + timedelta(hours=3), repeat_weekly=True, min_players=4)
    tables_tick(T0 - timedelta(minutes=15))
    tables_tick(T0)
    following = TableSession.objects.get(series=first, starts_at=T0 + timedelta(days=7))
    session_skip_week(session_id=following.pk, actor=owner, now=T0 + timedelta(days=1))
    first.refresh_from_db()
    assert first.ends_at == T0 + timedelta(hours=3)
    assert not AuditLog.objects.filter(action="table.ended_by_skipped_week").exists()
