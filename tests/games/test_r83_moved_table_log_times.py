"""Review 83: the club's log said a table's move as "Before: 2027-01-09T18:00:00+00:00; After:
2027-01-09T19:00:00+00:00", the stored UTC text, whoever read it and in whatever language; now the
old and the new start are dates in the reader's time zone, written as his language writes them."""

from __future__ import annotations

import zoneinfo
from datetime import timedelta

import pytest
from django.utils import timezone, translation
from django.utils.formats import date_format

from club.models import AuditLog
from games.services.schedule import session_move

pytestmark = pytest.mark.django_db
NEW_YORK = zoneinfo.ZoneInfo("America/New_York")


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_the_log_says_a_moved_start_in_the_readers_time_zone_and_language(make_table, owner, language):
    was = (timezone.now() + timedelta(days=3)).replace(hour=18, minute=0, second=0, microsecond=0)
    table = make_table(starts_at=was)
    session_move(session_id=table.pk, actor=owner, starts_at=was + timedelta(hours=1))
    entry = AuditLog.objects.get(action="table.moved")
    with translation.override(language), timezone.override(NEW_YORK):
        text = entry.details_text
        before = date_format(was.astimezone(NEW_YORK), "SHORT_DATETIME_FORMAT")
        after = date_format((was + timedelta(hours=1)).astimezone(NEW_YORK), "SHORT_DATETIME_FORMAT")
    assert "+00:00" not in text and "T18:00" not in text, text
    assert before in text and after in text, text


def test_the_log_says_the_old_start_before_the_new_one(make_table, owner):
    """The database keeps a row's data with its shortest keys first: "After: …; Before: …"."""
    was = (timezone.now() + timedelta(days=3)).replace(hour=18, minute=0, second=0, microsecond=0)
    table = make_table(starts_at=was)
    session_move(session_id=table.pk, actor=owner, starts_at=was + timedelta(hours=1))
    entry = AuditLog.objects.get(action="table.moved")
    with translation.override("en"):
        labels = [label for label, _value in entry.details()]
    assert labels.index("After") == labels.index("Before") + 1, labels
