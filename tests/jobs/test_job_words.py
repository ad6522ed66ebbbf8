"""What the background jobs write for the managers reads in their language (review 13): the audit rows
of the nightly jobs and of a table's bank closed said "Причина: no deal played for 90 days; members:
[...]", "failure: 4", "count: 3", "share", "remainder", "players: [12, 13]", "run 7", and a failed job
was named by its Celery code ("games.stats_count") in the audit log and in the admin's list of failed
jobs."""

from __future__ import annotations

import re

from django.test import Client
from django.utils import translation

from club.models import AuditLog, Membership
from games.models import JobFailure

LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]{2,}")


def _latin(text: str, allowed: set[str]) -> list[str]:
    return [word for word in LATIN_WORD.findall(text) if word not in allowed]


def test_the_jobs_audit_rows_read_in_russian_and_bulgarian(club, players, owner) -> None:
    vera, gleb = players[:2]
    members = list(Membership.objects.filter(user__in=[vera, gleb]).order_by("pk"))
    rows = [
        AuditLog(
            action="membership.dormant",
            club=club,
            target=f"@{vera.username}, @{gleb.username}",
            data={"reason": "no deal played for 90 days", "members": [vera.username, gleb.username]},
        ),
        AuditLog(
            action="table.abandoned",
            club=club,
            target="Evening",
            data={"table": 3, "reason": "no seated person connected for 10 minutes", "changed": ["Bot 2"]},
        ),
        AuditLog(
            action="club.stats_corrected",
            club=club,
            target="1",
            data={
                "differences": [
                    {
                        "member": members[0].pk,
                        "day": "2026-12-05",
                        "fields": {"net": {"stored": 7, "recounted": 0}},
                    }
                ],
                "reason": "nightly recount of the players' statistics",
            },
        ),
        AuditLog(
            action="club.job_failed",
            club=club,
            target="games.stats_count",
            data={"reason": "OperationalError: gone", "failure": 4, "table": 2},
        ),
        AuditLog(action="ledger.reconcile_failed", club=club, target="run 7", data={"run": 7}),
        AuditLog(
            action="chips.bank_closed",
            club=club,
            target="table 9",
            data={
                "table": 9,
                "total": 7,
                "share": 3,
                "remainder": 1,
                "players": [m.pk for m in members],
                "journal": 5,
            },
        ),
        AuditLog(action="record.deleted", target="expired login attempts", data={"count": 3}),
    ]
    # Words that are names, not English: the members' usernames, the table's title, a bot's name,
    # the exception's class.
    names = {vera.username, gleb.username, "Vera", "Gleb", "Evening", "Bot", "OperationalError", "gone"}
    for language in ("ru", "bg"):
        with translation.override(language):
            for row in rows:
                if row.action == "record.deleted":
                    text = row.details_text  # its target is written in the language of the day
                else:
                    text = f"{row.target_label} | {row.details_text}"
                assert not _latin(text, names), (language, row.action, text)
            dormant = rows[0].details_text
            assert f"@{vera.username}" in dormant and "[" not in dormant
            bank = rows[5].details_text
            assert "Vera" in bank and "Gleb" in bank, bank


def test_failed_jobs_are_named_in_words_in_the_admin(client: Client, club, owner) -> None:
    JobFailure.objects.create(task="games.stats_count", club=club, error="OperationalError: gone")
    owner.preferred_language = "ru"
    owner.save(update_fields=["preferred_language"])
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    page = client.get("/admin/games/jobfailure/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert ">games.stats_count<" not in page, "named by its code"
    with translation.override("ru"):
        assert JobFailure(task="games.stats_count").task_label in page
    filtered = client.get(
        "/admin/games/jobfailure/", {"task": "games.stats_count"}, HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert filtered.status_code == 200
