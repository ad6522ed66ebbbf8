"""Review 86 (a club a year old, in the admin). The entries' list opened on the club's very first
entries (the model's order, oldest first) while the journals' list opens on the newest: a manager
looking at what just moved had to find the last of thousands of pages. It opens newest first now, as
the journals, the statements and My chips do; a column header still sorts it either way."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from ledger.models import Entry
from ledger.services import chips_grant

pytestmark = pytest.mark.django_db


def _ids(html: str) -> list[int]:
    table = html.split('id="result_list"', 1)[1].split("</table>", 1)[0]
    return [int(n) for n in re.findall(r'<th class="field-id"><a href="[^"]*/(\d+)/change/', table)]


def test_the_entries_list_opens_on_the_newest(club, owner, member_factory) -> None:
    vera = member_factory()
    for amount in (5, 6, 7):
        chips_grant(membership=vera, amount=amount, actor=owner, reason="start", approved=True)
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    listed = _ids(client.get("/admin/ledger/entry/").content.decode())
    newest = list(Entry.objects.filter(journal__club=club).order_by("-id").values_list("id", flat=True))
    assert listed == newest


def test_the_export_stays_oldest_first(club, owner, member_factory) -> None:
    """The CSV reads like a book, first movement first (as the member's statement CSV)."""
    vera = member_factory()
    for amount in (5, 6):
        chips_grant(membership=vera, amount=amount, actor=owner, reason="start", approved=True)
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    response = client.get("/admin/ledger/entry/export.csv")
    rows = b"".join(response.streaming_content).decode("utf-8-sig").splitlines()[1:]
    ids = [int(row.split(",", 1)[0]) for row in rows]
    assert ids == sorted(ids) and len(ids) == 4
