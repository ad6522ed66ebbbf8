"""Review 86 (a club a year old, in the admin). A manager looking for a member's journals typed his
username into the journals' search: the list joined every journal to each of its entries, their
accounts, members and people, then took the DISTINCT of the lot for the page, its count, the date
bar and its first and last day. Over a club of a hundred thousand journals that was four passes of
two hundred thousand joined rows: seconds per search. The member's journals are now found as the
journals of his entries (a semi-join), each journal listed once."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from club.models import Membership, User
from ledger.services import chips_grant

pytestmark = pytest.mark.django_db


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _listed(html: str) -> list[str]:
    table = html.split('id="result_list"', 1)[1].split("</table>", 1)[0]
    return re.findall(r'<th class="field-id"><a href="[^"]*/(\d+)/change/', table)


def test_a_members_journals_are_found_without_joining_every_entry(club, owner, member_factory) -> None:
    vera, boris = member_factory(), member_factory()
    User.objects.filter(pk=vera.user_id).update(username="vera-r86")
    vera.refresh_from_db()
    mine = [
        chips_grant(membership=vera, amount=5 + i, actor=owner, reason="start", approved=True)
        for i in range(3)
    ]
    chips_grant(membership=boris, amount=7, actor=owner, reason="start", approved=True)
    client = _client(owner)
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/admin/ledger/journal/", {"q": "vera-r86"})
    assert response.status_code == 200
    # Each of her journals once, and no one else's.
    assert sorted(_listed(response.content.decode())) == sorted(str(j.pk) for j in mine)
    joined = [q["sql"] for q in queries.captured_queries if re.search(r'JOIN "ledger_entry" ON', q["sql"])]
    assert joined == [], joined[0][:300] if joined else ""
    assert not any('SELECT DISTINCT "ledger_journal"' in q["sql"] for q in queries.captured_queries)


def test_every_word_must_match_in_some_field(club, owner, member_factory) -> None:
    """Two words: a journal of the member whose memo holds the other word (Django's rule: each word
    in some field), not every journal of either."""
    vera = member_factory()
    User.objects.filter(pk=vera.user_id).update(username="vera-r86b")
    vera = Membership.objects.get(pk=vera.pk)
    spring = chips_grant(membership=vera, amount=5, actor=owner, reason="spring bonus", approved=True)
    chips_grant(membership=vera, amount=6, actor=owner, reason="autumn", approved=True)
    html = _client(owner).get("/admin/ledger/journal/", {"q": "vera-r86b spring"}).content.decode()
    assert _listed(html) == [str(spring.pk)]
