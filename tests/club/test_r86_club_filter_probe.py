"""Review 86 (a club a year old, in the admin). The "By club" filter beside the entries, journals,
accounts, members, invites, moderation log, adjustments and chip requests found its clubs as the
DISTINCT club of every row the reader sees: each page of the entries' list read every entry of the
club (a third of a second for 300,000 entries, more each day). Each club the reader sees is asked
whether it has a row instead, and the filter lists the same clubs as before."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from club.models import Club, Membership
from ledger.services import chips_grant

from .conftest import client_for

pytestmark = pytest.mark.django_db

LISTS = (
    "/admin/ledger/entry/",
    "/admin/ledger/journal/",
    "/admin/ledger/account/",
    "/admin/club/auditlog/",
    "/admin/club/membership/",
)


def _sidebar(html: str) -> str:
    match = re.search(r'<(?:div|nav) id="changelist-filter".*?</nav>', html, re.S)
    return match.group(0) if match else ""


def _manager_of_two(make_user, make_club, owner) -> tuple[Client, Club, Club, Club]:
    first, second = make_club(owner, "Filter One"), make_club(owner, "Filter Two")
    for club in (first, second):
        vera = make_user(f"vera{club.pk}")
        membership = Membership.objects.create(club=club, user=vera)
        chips_grant(membership=membership, amount=5, actor=owner, reason="start", approved=True)
    # A club he manages where nothing was ever booked or logged.
    empty = make_club(owner, "Filter Empty")
    return client_for(owner), first, second, empty


@pytest.mark.parametrize("path", LISTS)
def test_the_club_filter_does_not_read_every_row(path, make_user, make_club, owner) -> None:
    client, _first, _second, _empty = _manager_of_two(make_user, make_club, owner)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(path).status_code == 200
    distinct = [
        q["sql"] for q in queries.captured_queries if re.search(r'SELECT DISTINCT \w+\."club_id"', q["sql"])
    ]
    assert distinct == []


def test_the_filter_lists_the_clubs_with_rows(make_user, make_club, owner) -> None:
    client, first, second, empty = _manager_of_two(make_user, make_club, owner)
    sidebar = _sidebar(client.get("/admin/ledger/entry/").content.decode())
    assert f"journal__club__id__exact={first.pk}" in sidebar
    assert f"journal__club__id__exact={second.pk}" in sidebar
    assert f"journal__club__id__exact={empty.pk}" not in sidebar
