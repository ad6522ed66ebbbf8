"""A failed job as its club's managers read it (review 13): anyone may found a club, and its failed
jobs showed him the error's own text, the task's arguments and the traceback, in the admin and in
the club's audit log: the database server's address and role name ("connection to server at
db.internal ... for user khrap_app"), the code's paths. The managers read what failed, when, and the
kind of error in their language; the site's operators (superusers) read the rest."""

from __future__ import annotations

from django.test import Client
from django.utils import translation

from club.models import AuditLog
from games.jobs import job_failure_record

SECRET = 'connection to server at "db.internal" (10.0.0.5), port 5432 failed: password for user "khrap_app"'


class OperationalError(Exception):
    pass


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_managers_read_the_kind_of_error_and_operators_the_error(club, owner, make_table, make_user):
    table = make_table()
    failure = job_failure_record(
        task="games.deal_if_due",
        kwargs={"session_id": table.pk},
        error=OperationalError(SECRET),
        trace='Traceback (most recent call last):\n  File "/srv/khrap/games/tasks.py", line 9\n',
    )
    assert failure is not None and failure.club == club
    owner.preferred_language = "ru"
    owner.save(update_fields=["preferred_language"])
    manager = _client(owner)
    for url in (
        "/admin/games/jobfailure/",
        f"/admin/games/jobfailure/{failure.pk}/change/",
        "/admin/club/auditlog/",
        "/admin/club/auditlog/export.csv",
    ):
        response = manager.get(url)
        assert response.status_code == 200, url
        streamed = getattr(response, "streaming", False)
        page = (b"".join(response.streaming_content) if streamed else response.content).decode()
        for secret in ("db.internal", "10.0.0.5", "khrap_app", "/srv/khrap", "Traceback", "session_id"):
            assert secret not in page, (url, secret)
    with translation.override("ru"):
        words = failure.error_words
    assert words in manager.get(f"/admin/games/jobfailure/{failure.pk}/change/").content.decode()
    audit = AuditLog.objects.get(action="club.job_failed", club=club)
    with translation.override("ru"):
        assert "база данных" in audit.details_text.lower(), audit.details_text

    operator = make_user("operator", is_staff=True, is_superuser=True)
    page = _client(operator).get(f"/admin/games/jobfailure/{failure.pk}/change/").content.decode()
    assert "db.internal" in page and "/srv/khrap" in page, "the site's operators read the whole error"
