"""Players level on the board's column were numbered on (#1, #2): a player level with the first
read that he was behind him. Level players share a place (1, 1, 3), as a ranking does; sorted by name,
the numbers are the rows'."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import timezone

from club.models import Membership
from games.models import PlayerStats
from games.stats_read import leaderboard

pytestmark = pytest.mark.django_db


def test_level_players_share_a_place(club, players) -> None:
    nets = {players[0]: 40, players[1]: 40, players[2]: 10, players[3]: 10}
    for user, net in nets.items():
        PlayerStats.objects.create(
            club=club,
            member=Membership.objects.get(club=club, user=user),
            day=timezone.now().date(),
            deals=3,
            net=net,
            tricks=net // 10,
        )
    by_net = leaderboard(club=club, period="all", sort="net", descending=True)
    assert [(r.counters.net, r.rank) for r in by_net] == [(40, 1), (40, 1), (10, 3), (10, 3)]
    by_deals = leaderboard(club=club, period="all", sort="deals", descending=True)
    assert [r.rank for r in by_deals] == [1, 1, 1, 1]
    by_name = leaderboard(club=club, period="all", sort="player", descending=False)
    assert [r.rank for r in by_name] == [1, 2, 3, 4]
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    html = client.get(f"/clubs/{club.slug}/leaderboard/?period=all&sort=net&order=desc").content.decode()
    places = re.findall(r'<tr>\s*<td class="num">(\d+)</td>', html)
    assert places == ["1", "1", "3", "3"], places
