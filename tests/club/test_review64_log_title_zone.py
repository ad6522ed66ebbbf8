"""Review 64: a moderation log row's page in the admin is titled with its time, and the title said
it in UTC ("2026-12-06 07:58 …") over the row's own time field in the reader's zone ("9:58"): a
manager in Sofia read two times for one action. The title now says the reader's time."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.utils import timezone

from club.models import AuditLog

from .conftest import logged_in

pytestmark = pytest.mark.django_db


def test_a_log_rows_title_says_the_readers_time(club, owner) -> None:
    owner.time_zone = "Europe/Sofia"
    owner.save(update_fields=["time_zone"])
    row = AuditLog.objects.filter(club=club).order_by("pk").first()
    assert row is not None
    AuditLog.objects.filter(pk=row.pk).update(created_at=datetime(2026, 12, 6, 7, 58, tzinfo=UTC))
    page = logged_in(owner).get(f"/admin/club/auditlog/{row.pk}/change/").content.decode()
    assert "2026-12-06 09:58" in page
    assert "2026-12-06 07:58" not in page
    # Outside a request (a shell, a log line): the active zone, UTC by default.
    row.refresh_from_db()
    with timezone.override("UTC"):
        assert str(row).startswith("2026-12-06 07:58 ")


def test_a_failed_jobs_title_says_the_readers_time(club, owner) -> None:
    from games.models import JobFailure

    owner.time_zone = "Europe/Sofia"
    owner.save(update_fields=["time_zone"])
    failure = JobFailure.objects.create(
        task="games.tasks.turn_expire",
        club=club,
        error="OperationalError: gone",
        failed_at=datetime(2026, 12, 6, 7, 58, tzinfo=UTC),
    )
    page = logged_in(owner).get(f"/admin/games/jobfailure/{failure.pk}/change/").content.decode()
    assert "2026-12-06 09:58" in page
    assert "2026-12-06 07:58" not in page
