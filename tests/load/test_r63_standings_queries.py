"""Review 63 (held): the standings read the same number of queries however much a club has played:
its leaderboard (any period, any sort), a player's page, and its deal list (filtered by a player, a
later page). A page that read a query per deal, table or player would grow with the data."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from club.models import Membership, User
from games.management.commands._loadkit import pages_fixture, play_deal
from games.models import Deal, TableSession
from games.stats import stats_deal_count

pytestmark = pytest.mark.django_db

#: A player's page reads his winning hands' moves and his snores' tables only when he has some, and
#: the banks given back to him after a table's last deal (review 60: two queries, however many).
PLAYER_PAGE_MOST = 16


def _counts(*, tables: int, deals: int) -> dict[str, int]:
    fixture = pages_fixture(tables=tables, deals=deals, grants=1)
    first = int(fixture["pages"]["table"].strip("/").rsplit("/", 1)[-1])
    for session in TableSession.objects.exclude(pk=first):
        play_deal(session.pk)
        play_deal(session.pk)
    for deal in Deal.objects.all():
        stats_deal_count(deal_id=deal.pk)
    client = Client()
    name, value = fixture["cookie"].split("=", 1)
    client.cookies[name] = value
    slug = fixture["pages"]["club"].strip("/").rsplit("/", 1)[-1]
    me = User.objects.get(pk=fixture["user_id"])
    other = Membership.objects.filter(club__slug=slug).exclude(user=me).exclude(role="owner").last().user
    pages = {
        "board": f"/clubs/{slug}/leaderboard/",
        "board_all_by_name": f"/clubs/{slug}/leaderboard/?period=all&sort=player&order=asc",
        "me": f"/clubs/{slug}/players/{me.username}/",
        "other": f"/clubs/{slug}/players/{other.username}/?period=month",
        "deals": f"/clubs/{slug}/deals/",
        "deals_of_player": f"/clubs/{slug}/deals/?player={other.username}",
        "deals_page_2": f"/clubs/{slug}/deals/?page=2",
    }
    counts = {}
    for page, path in pages.items():
        with CaptureQueriesContext(connection) as captured:
            response = client.get(path)
        assert response.status_code == 200, (page, response.status_code)
        counts[page] = len(captured.captured_queries)
    return counts


def test_standings_queries_do_not_grow_with_the_data():
    small = _counts(tables=1, deals=2)
    large = _counts(tables=3, deals=6)
    assert Deal.objects.count() >= 12
    for page in ("me", "other"):
        assert small[page] <= PLAYER_PAGE_MOST and large[page] <= PLAYER_PAGE_MOST, (small, large)
        small.pop(page), large.pop(page)
    assert large == small
