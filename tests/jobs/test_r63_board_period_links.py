"""Review 63: a player's name on the leaderboard of the last 7 (or 30) days led to his page over all
time, so the figures he was clicked for (+12 net this week) were not the ones his page showed (his
whole history), and the page's way back led to the last 7 days whatever the board had shown. The name
keeps the board's period, and the way back keeps the page's."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.stats_read import leaderboard

from .conftest import sit_all

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


@pytest.mark.parametrize("period", ["week", "month", "all"])
def test_the_board_and_the_player_page_keep_one_period(make_table, players, play_deals, period):
    table = make_table()
    sit_all(table, players[:2])
    play_deals(table, players[:2], 2)
    slug = table.club.slug
    client = _client(players[0])
    board = client.get(f"/clubs/{slug}/leaderboard/?period={period}").content.decode()
    vera = players[1]
    links = re.findall(rf'href="(/clubs/{slug}/players/{vera.username}/[^"]*)"', board)
    assert links == [f"/clubs/{slug}/players/{vera.username}/?period={period}"], links
    page = client.get(links[0].replace("&amp;", "&")).content.decode()
    row = next(r for r in leaderboard(club=table.club, period=period) if r.member.user == vera)
    assert re.search(rf"<dt>Deals</dt><dd>{row.counters.deals}</dd>", page)
    back = re.findall(rf'href="(/clubs/{slug}/leaderboard/[^"]*)"', page)
    assert back == [f"/clubs/{slug}/leaderboard/?period={period}"], back
