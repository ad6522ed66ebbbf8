"""Review 145 (found fine): the player page of a member with thousands of deals. Since review 143
its success chart reads every deal of his; the page's queries stay as many as for a few hundred
deals (each table's game and rules read once, his deals counted as they are read)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from club.models import Membership
from games.stats_read import player_success_by_status

from .conftest import sit_all
from .many_deals import a_deal_with_a_status, deal_copies

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_active_zone():
    timezone.deactivate()


def _queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_player_page_reads_as_many_queries_for_thousands_of_deals(make_table, players, play_deals, club):
    table = make_table()
    sit_all(table, players)
    deal, row = a_deal_with_a_status(table, players, play_deals)
    member = Membership.objects.get(pk=row.member_id)
    client = Client()
    client.force_login(member.user, backend="django.contrib.auth.backends.ModelBackend")
    url = f"/clubs/{club.slug}/players/{member.user.username}/"
    deal_copies(deal, 400)  # past the net chart's 300: its one query more is read at once
    hundreds = _queries(client, url)
    deal_copies(deal, 5_000)
    assert _queries(client, url) == hundreds
    assert sum(bar["deals"] for bar in player_success_by_status(membership=member)) > 5_400
