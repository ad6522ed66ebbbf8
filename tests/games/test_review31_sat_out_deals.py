"""A deal a player sat at but was not dealt into (back from "away" while the bank held the others'
chips, he waits) is not a deal he played (review 31). The counters and the leaderboard already left
such a deal out; his player page's chart counted it ("3 deals from ... to ...", a flat step for each),
so the chart's deals and the "Deals" beside it differed."""

from __future__ import annotations

import re
from datetime import timedelta
from html import unescape

import pytest
from django.test import Client
from django.utils import timezone

from club.models import Membership
from games.models import Deal, DealPlayer, Seat
from games.services import dealing, table_away, table_back, tables_tick
from games.stats import deal_dealt, stats_recompute
from games.stats_read import player_net_series, player_totals
from tests.games.conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def _sat_out_a_deal(make_table, players) -> tuple[Membership, int]:
    """Deals at a table where players[3] stepped away for the first (ante) deal and came back:
    while the bank holds the others' chips he waits, seated but dealt nothing. Returns him and the
    number of deals he was dealt into, the last of them after one he sat out."""
    table = make_table(min_players=3)
    sit_all(table, players)
    waiter = players[3]
    table_away(session_id=table.pk, user=waiter)
    play_deal_as_people(start_deal(table), players[:3])
    table_back(session_id=table.pk, user=waiter)
    member = Membership.objects.get(club=table.club, user=waiter)
    seat = Seat.objects.get(session=table, member=member)
    sat_out = dealt_after = False
    for n in range(2, 12):
        tables_tick(timezone.now() + timedelta(minutes=n))
        deal = Deal.objects.get(session=table, number=n)
        dealt = dealing.deal_state(deal).setup.dealt
        if seat.pk in deal.players:
            if deal.players.index(seat.pk) not in dealt:
                sat_out = True
            elif sat_out:
                dealt_after = True
        people = [Seat.objects.get(pk=pk).member.user for pk in deal.players]
        play_deal_as_people(deal, people)
        if dealt_after:
            break
    assert sat_out and dealt_after, "the seeds never had him wait through a deal and play after it"
    rows = DealPlayer.objects.filter(member=member).select_related("deal")
    return member, sum(1 for row in rows if row.engine_seat in deal_dealt(row.deal.opening))


def test_the_net_chart_counts_only_the_deals_he_was_dealt_into(make_table, players, owner):
    member, dealt_in = _sat_out_a_deal(make_table, players)
    stats_recompute(fix=True)
    assert player_totals(membership=member).deals == dealt_in
    assert DealPlayer.objects.filter(member=member).count() > dealt_in  # a row for the deal he sat out
    assert len(player_net_series(membership=member)) == dealt_in
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    page = unescape(client.get(f"/clubs/{member.club.slug}/players/{member.user.username}/").content.decode())
    desc = re.search(r"<desc>([^<]*)</desc>", page)
    said = f"{dealt_in} deal from " if dealt_in == 1 else f"{dealt_in} deals from "
    assert desc is not None and desc.group(1).startswith(said), desc
