"""Review 64: the admin's two CSV exports, the moderation log and the entries, wrote every time in
UTC ("2026-12-06T07:46:00+00:00") while the pages they export, and the member's own statement CSV,
say it in the reader's time zone: a manager in Sofia read 07:46 in the file for the 09:46 of the
page. Both now write the manager's zone (with its offset, as the statement does)."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.urls import reverse

from ledger.models import Journal
from ledger.services import chips_grant

pytestmark = pytest.mark.django_db


def _rows(client: Client, url: str) -> list[list[str]]:
    response = client.get(url)
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode("utf-8-sig"))))


def test_the_admins_exports_write_the_managers_zone(club, owner, member_factory) -> None:
    owner.time_zone = "Europe/Sofia"
    owner.save(update_fields=["time_zone"])
    member = member_factory()
    journal = chips_grant(membership=member, amount=50, actor=owner, reason="r64")
    journal = Journal.objects.get(pk=journal.pk)
    sofia = journal.created_at.astimezone(ZoneInfo("Europe/Sofia")).replace(microsecond=0)
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")

    entries = _rows(client, reverse("admin:ledger_entry_export"))
    assert len(entries) == 3
    for row in entries[1:]:
        written = datetime.fromisoformat(row[1])
        assert written.utcoffset() == sofia.utcoffset()
        assert written.replace(microsecond=0) == sofia and written.hour == sofia.hour

    log = _rows(client, reverse("admin:club_auditlog_export"))
    granted = [row for row in log[1:] if "50" in row[-1]]
    assert granted, log
    written = datetime.fromisoformat(granted[0][0])
    assert written.utcoffset() == sofia.utcoffset() and written.hour == sofia.hour
