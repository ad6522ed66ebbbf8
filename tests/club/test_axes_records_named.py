"""django-axes' records named themselves in English with the time as Python prints it ("Access Log
for vera @ 2026-12-01 16:57:27.324930+00:00", "Attempted Access: …"): a Russian or Bulgarian
superuser read that as the title of each record's page in the admin (review 16)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from axes.models import AccessAttempt, AccessAttemptExpiration, AccessFailureLog, AccessLog
from django.utils import timezone, translation

from .conftest import logged_in

pytestmark = pytest.mark.django_db

WHEN = datetime(2026, 12, 1, 16, 57, 27, 324930, tzinfo=UTC)


def _records(when: datetime = WHEN):
    common = {"username": "vera", "ip_address": "10.0.0.7", "user_agent": "x"}
    log = AccessLog.objects.create(**common, path_info="/accounts/login/", http_accept="*/*")
    attempt = AccessAttempt.objects.create(
        **common, path_info="/", http_accept="*/*", get_data="", post_data="", failures_since_start=3
    )
    failure = AccessFailureLog.objects.create(**common, path_info="/", http_accept="*/*", locked_out=True)
    expiration = AccessAttemptExpiration.objects.create(access_attempt=attempt, expires_at=when)
    for record in (log, attempt, failure):  # attempt_time is set on create: put it at `when`
        type(record).objects.filter(pk=record.pk).update(attempt_time=when)
        record.refresh_from_db()
    return log, attempt, failure, expiration


def test_the_records_are_named_in_the_readers_words():
    log, attempt, failure, expiration = _records()
    with translation.override("ru"):
        assert str(log) == "Вход пользователя vera 01.12.2026 16:57"
        assert str(attempt) == (
            "Неудачные входы пользователя vera с адреса 10.0.0.7, последний 01.12.2026 16:57"
        )
        assert str(failure) == (
            "Неудачный вход пользователя vera 01.12.2026 16:57 с адреса 10.0.0.7, вход закрыт"
        )
        assert str(expiration) == "Неудачные входы забываются 01.12.2026 16:57"
    with translation.override("bg"):
        assert str(log) == "Вход на vera в 01.12.2026 16:57"


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_a_records_admin_page_has_no_english_title(root, language):
    # Recent records: axes deletes attempts older than its cool-off when the superuser logs in,
    # and the page of a deleted record redirects (a fixed date failed once the day had moved on).
    log, attempt, failure, _expiration = _records(timezone.now() + timedelta(hours=1))
    client = logged_in(root)
    client.cookies["django_language"] = language
    for url in (
        f"/admin/axes/accesslog/{log.pk}/change/",
        f"/admin/axes/accessattempt/{attempt.pk}/change/",
        f"/admin/axes/accessfailurelog/{failure.pk}/change/",
    ):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        page = response.content.decode()
        assert response.status_code == 200, url
        for english in ("Access Log for", "Attempted Access", "Failed access", "+00:00"):
            assert english not in page, (url, english)
