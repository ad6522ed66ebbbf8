"""Review 25 (a club after a year, in the admin). Two faults a big club showed:

- the people filters of the sidebar (member, by, on member; an entry's member) listed up to 500 names
  each: 1,019 choices on the moderation log of a 500-member club (most of the page), and anyone past
  the 500th silently missing. Beyond ``PEOPLE_IN_A_FILTER`` they list none (the search box finds a
  person) but the one chosen, and the filter still filters;
- every admin page asked the database some thirty times whether the user manages a club (per model
  of the sidebar, for view and module): 44 queries a page. Once per request now."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

import club.admin as club_admin
import ledger.admin as ledger_admin
from club import services
from club.models import Membership
from ledger.services import chips_grant

LIMIT = 3


@pytest.fixture(autouse=True)
def _small_limit(monkeypatch) -> None:
    monkeypatch.setattr(club_admin, "PEOPLE_IN_A_FILTER", LIMIT)
    monkeypatch.setattr(ledger_admin, "PEOPLE_IN_A_FILTER", LIMIT)


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _sidebar(html: str) -> str:
    match = re.search(r'<(?:div|nav) id="changelist-filter".*?</nav>', html, re.S)
    return match.group(0) if match else ""


def _rows(html: str) -> int:
    table = html.split('id="result_list"', 1)[1].split("</table>", 1)[0] if 'id="result_list"' in html else ""
    return table.count("<tr") - 1 if table else 0


def _club_of(make_user, make_club, owner, people: int):
    club = make_club(owner, f"Admin Club {people}")
    users = []
    for i in range(people):
        user = make_user(f"person{people}x{i:02d}")
        services.membership_join(club=club, user=user)
        membership = Membership.objects.get(club=club, user=user)
        chips_grant(membership=membership, amount=10, actor=owner, reason="start", approved=True)
        users.append(user)
    return club, users


def test_a_few_people_are_listed(make_user, make_club, owner):
    _club, users = _club_of(make_user, make_club, owner, LIMIT - 1)
    client = _client(owner)
    for path in ("/admin/club/auditlog/", "/admin/club/membership/", "/admin/ledger/entry/"):
        sidebar = _sidebar(client.get(path).content.decode())
        assert all(f"@{u.username}" in sidebar for u in users), path


def test_many_people_are_not_listed_but_the_one_chosen(make_user, make_club, owner):
    club, users = _club_of(make_user, make_club, owner, LIMIT + 3)
    client = _client(owner)
    one = users[-1]
    membership = Membership.objects.get(club=club, user=one)
    for path, param, value in (
        ("/admin/club/auditlog/", "target_user", one.pk),
        ("/admin/club/membership/", "member", one.pk),
        ("/admin/ledger/entry/", "member", membership.pk),
    ):
        html = client.get(path).content.decode()
        assert not any(f"@{u.username}" in _sidebar(html) for u in users), path
        chosen = client.get(path, {param: value})
        assert chosen.status_code == 200, path
        sidebar = _sidebar(chosen.content.decode())
        assert f"@{one.username}" in sidebar, path
        assert not any(f"@{u.username}" in sidebar for u in users if u != one), path
        rows = _rows(chosen.content.decode())
        assert rows, path  # it filters: his rows, and only his
        assert rows < _rows(html), path
        # A chosen id that is not a number, or nobody's, lists nobody and finds no row.
        for odd in ("x", "9" * 30, "-1"):
            odd_page = client.get(path, {param: odd})
            assert odd_page.status_code in (200, 400), (path, odd)
            assert not _rows(odd_page.content.decode()), (path, odd)


def test_an_admin_page_asks_once_whether_its_reader_manages_a_club(make_user, make_club, owner):
    _club_of(make_user, make_club, owner, 2)
    client = _client(owner)
    for path in ("/admin/", "/admin/club/invite/", "/admin/club/auditlog/", "/admin/ledger/journal/"):
        with CaptureQueriesContext(connection) as captured:
            assert client.get(path).status_code == 200, path
        queries = [q["sql"] for q in captured.captured_queries]
        asked = [sql for sql in queries if sql.startswith('SELECT 1 AS "a" FROM "club_club"')]
        assert len(asked) <= 2, (path, len(asked))
        assert len(captured.captured_queries) <= 22, (path, len(captured.captured_queries))
