"""The admin's CSV of entries, an auditor's export: a reversal's lines carried its own journal and the
manager's note, and nothing said which journal it moved back (the journal's page did). A column says so."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Club, User
from ledger.services import chips_grant, journal_reverse

pytestmark = pytest.mark.django_db
BACKEND = "django.contrib.auth.backends.ModelBackend"


def test_the_entries_export_says_what_a_reversal_moves_back(club: Club, owner: User, member_factory) -> None:
    member = member_factory()
    chips_grant(membership=member, amount=80, actor=owner, reason="welcome")
    grant = chips_grant(membership=member, amount=50, actor=owner, reason="again")
    reversal = journal_reverse(grant, actor=owner, memo="granted twice")
    client = Client()
    client.force_login(owner, backend=BACKEND)
    response = client.get(reverse("admin:ledger_entry_export"))
    rows = list(csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode("utf-8-sig"))))
    assert len(rows) == 6
    by_journal = {}
    for row in rows:
        by_journal.setdefault(int(row["journal"]), set()).add(row["reversal of"])
    assert by_journal.pop(reversal.pk) == {str(grant.pk)}
    assert all(values == {""} for values in by_journal.values())
