"""Review 64: the moderation log said "Table cancelled: nobody came" for every cancelled table: the
clock's no-show, a manager's cancel in the admin and a manager's "Skip this week" alike. A manager
auditing his club read that nobody came to a table his colleague had called off, and could not tell
a skipped week from a cancelled series. Each is now logged as what it was."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from club.models import AuditLog
from games.services import tables_tick

pytestmark = pytest.mark.django_db


def _admin(user, language: str = "ru") -> Client:
    user.preferred_language = language
    user.save(update_fields=["preferred_language"])
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _weekly(make_table, days: int):
    starts = (timezone.now() + timedelta(days=days)).replace(second=0, microsecond=0)
    return make_table(starts_at=starts, ends_at=starts + timedelta(hours=2), repeat_weekly=True)


def test_each_cancel_is_logged_as_what_it_was(make_table, owner) -> None:
    skipped = _weekly(make_table, 2)
    cancelled = _weekly(make_table, 3)
    client = _admin(owner)
    for action, table in (("skip_week_selected", skipped), ("cancel_selected", cancelled)):
        client.post("/admin/games/tablesession/", {"action": action, "_selected_action": [table.pk]})
    # A table nobody came to, called off by the clock.
    starts = timezone.now().replace(microsecond=0) + timedelta(minutes=5)
    empty = make_table(starts_at=starts, ends_at=starts + timedelta(hours=2))
    for minutes in (0, 5, 30):
        tables_tick(starts + timedelta(minutes=minutes))

    rows = {row.data.get("table"): row for row in AuditLog.objects.filter(
        action__in=["table.cancelled", "table.called_off", "table.week_skipped"]
    )}
    assert rows[skipped.pk].action == "table.week_skipped" and rows[skipped.pk].actor == owner
    assert rows[cancelled.pk].action == "table.called_off" and rows[cancelled.pk].actor == owner
    assert rows[empty.pk].action == "table.cancelled" and rows[empty.pk].actor is None

    page = client.get("/admin/club/auditlog/").content.decode()
    assert page.count("Стол отменён: никто не пришёл") == 2  # the row, and the action filter's choice
    assert "Стол отменён менеджером" in page
    assert "Неделя еженедельного стола пропущена (серия продолжается)" in page
