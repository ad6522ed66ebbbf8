"""Review 59: a weekly table whose next week had been made (it does so when it starts) and then
cancelled (the series stopped there) was skipped: 'this week is cancelled; the table next meets
<next week>' said the admin, of a week that was cancelled, and the series was over. Skipping such a
week is refused as for a table that does not repeat, and cancels nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import TableSession
from games.services import TableError
from games.services.schedule import _next_week, session_cancel, session_skip_week

pytestmark = pytest.mark.django_db


def test_skipping_to_a_cancelled_week_is_refused(make_table, owner) -> None:
    starts = (timezone.now() + timedelta(hours=2)).replace(second=0, microsecond=0)
    table = make_table(starts_at=starts, ends_at=starts + timedelta(hours=3), repeat_weekly=True)
    following = _next_week(table, timezone.now())
    assert following is not None
    session_cancel(session_id=following.pk, actor=owner)
    with pytest.raises(TableError) as refused:
        session_skip_week(session_id=table.pk, actor=owner)
    assert refused.value.code == "skip_not_weekly"
    assert TableSession.objects.get(pk=table.pk).status == TableSession.Status.SCHEDULED


def test_skipping_past_a_skipped_week_names_the_week_that_meets(make_table, owner) -> None:
    starts = (timezone.now() + timedelta(hours=2)).replace(second=0, microsecond=0)
    table = make_table(starts_at=starts, ends_at=starts + timedelta(hours=3), repeat_weekly=True)
    second = _next_week(table, timezone.now())
    third = session_skip_week(session_id=second.pk, actor=owner)
    assert third.starts_at - second.starts_at == timedelta(days=7)
    assert session_skip_week(session_id=table.pk, actor=owner).pk == third.pk
    assert TableSession.objects.get(pk=table.pk).status == TableSession.Status.CANCELLED
