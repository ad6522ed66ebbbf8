"""Queries per page stay the same as a club's data grows: more tables, more deals played, more
grants in a member's history, more members (no query per row)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.management.commands._loadkit import pages_fixture

pytestmark = pytest.mark.django_db

#: The most queries each page may make (the session, the user and the page's own reads; the club page
#: also reads the member's open chip requests, the deal page his reports of the deal). The lobby reads
#: the user's clubs (his own, those where his request waits, those where requests wait for him) in one
#: query. The club page and My chips read the club with the reader's membership (and its wallet's
#: balance) in one query, the club page counts its members from their list, the table page reads the
#: membership once, and the deal page reads the deal with the reader's membership, and its journals'
#: entries with their accounts and people, one query each, and whether a later deal followed it and its
#: bank was shared out (its bank line), one query. Upcoming sessions (the lobby, the club
#: page) are three reads however many are listed: the sessions, their reservations and their taken
#: seats.
# The club page's leave confirmation (the member's seats with their chips, the running deals at those
# tables, the seats he holds ahead: review 78) is read when its box is opened, not with the page.
# My chips reads the member's chips at tables (his stacks and holds, by table) in one query.
MOST = {"lobby": 7, "club": 9, "my_chips": 7, "table": 10, "deal": 8}


def _queries(django_assert_max_num_queries, fixture: dict) -> dict[str, int]:
    client = Client()
    name, value = fixture["cookie"].split("=", 1)
    client.cookies[name] = value
    counts = {}
    for page, path in fixture["pages"].items():
        with django_assert_max_num_queries(MOST[page]) as captured:
            response = client.get(path)
        assert response.status_code == 200, (page, response.status_code)
        counts[page] = len(captured.captured_queries)
    return counts


def _schedule(fixture: dict, sessions: int) -> None:
    """``sessions`` sessions of the fixture's club still to start, the member holding a seat at each:
    the lobby and the club page list them (with the seats still free) in the same queries."""
    from club.models import Club, User
    from games.services import table_session_create
    from games.services.schedule import seat_reserve

    club = Club.objects.get(slug=fixture["pages"]["club"].strip("/").rsplit("/", 1)[-1])
    owner = User.objects.get(memberships__club=club, memberships__role="owner")
    member = User.objects.get(pk=fixture["user_id"])
    for i in range(sessions):
        session = table_session_create(
            club=club,
            actor=owner,
            title=f"later {i}",
            preset="classic",
            stake=1,
            seat_count=4,
            buy_in_min=100,
            buy_in_max=1000,
            starts_at=timezone.now() + timedelta(days=1 + i),
        )
        seat_reserve(session_id=session.pk, user=member, position=i % 4)


def test_queries_per_page_do_not_grow_with_the_data(django_assert_max_num_queries):
    small_fixture = pages_fixture(tables=1, deals=1, grants=1)
    _schedule(small_fixture, 1)
    small = _queries(django_assert_max_num_queries, small_fixture)
    large_fixture = pages_fixture(tables=6, deals=4, grants=30)
    _schedule(large_fixture, 5)
    large = _queries(django_assert_max_num_queries, large_fixture)
    assert large == small
