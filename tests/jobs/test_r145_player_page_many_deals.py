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
from games.engine._base import HELPER_TYPES, SNORER_TYPES
from games.models import Deal, DealPlayer
from games.stats_read import player_success_by_status

from .conftest import sit_all

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_active_zone():
    timezone.deactivate()


def _a_deal_with_a_status(table, players, play_deals) -> tuple[Deal, DealPlayer]:
    for _ in range(40):
        (deal,) = play_deals(table, players, 1)
        row = (
            DealPlayer.objects.filter(deal=deal, status__in=sorted(SNORER_TYPES | HELPER_TYPES))
            .order_by("engine_seat")
            .first()
        )
        if row is not None:
            return deal, row
    pytest.skip("no status declared in 40 deals")


def _copies(deal: Deal, count: int) -> None:
    """``count`` more deals of the table, each as ``deal`` (its players' rows only)."""
    first = Deal.objects.filter(session_id=deal.session_id).count() + 1
    rows = list(DealPlayer.objects.filter(deal=deal))
    fields = {
        f.attname: getattr(deal, f.attname)
        for f in Deal._meta.concrete_fields
        if f.attname not in ("id", "number")
    }
    made = Deal.objects.bulk_create([Deal(number=first + i, **fields) for i in range(count)], batch_size=2000)
    DealPlayer.objects.bulk_create(
        [
            DealPlayer(
                deal=copy,
                seat_id=r.seat_id,
                member_id=r.member_id,
                engine_seat=r.engine_seat,
                status=r.status,
                net=r.net,
            )
            for copy in made
            for r in rows
        ],
        batch_size=5000,
    )


def _queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_player_page_reads_as_many_queries_for_thousands_of_deals(make_table, players, play_deals, club):
    table = make_table()
    sit_all(table, players)
    deal, row = _a_deal_with_a_status(table, players, play_deals)
    member = Membership.objects.get(pk=row.member_id)
    client = Client()
    client.force_login(member.user, backend="django.contrib.auth.backends.ModelBackend")
    url = f"/clubs/{club.slug}/players/{member.user.username}/"
    _copies(deal, 400)  # past the net chart's 300: its one query more is read at once
    hundreds = _queries(client, url)
    _copies(deal, 5_000)
    assert _queries(client, url) == hundreds
    assert sum(bar["deals"] for bar in player_success_by_status(membership=member)) > 5_400
