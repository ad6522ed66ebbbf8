"""The leaderboard's "Time played" shows whole minutes ("1 h 05 min"), and its places were given by
the seconds under them: two players reading "1 h 05 min" were #1 and #2, the one behind told he was
behind by what the board does not show (the places share a number when the column reads level, since
review 63; the "Snores made, %" column is placed by the whole percent it shows). Placed by the
minutes shown, they share a place; sorted so, the board still puts more time first."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import timezone

from club.models import Membership
from games.models import PlayerStats
from games.stats_read import leaderboard

pytestmark = pytest.mark.django_db


def test_players_reading_the_same_time_share_a_place(club, players) -> None:
    seconds = {players[0]: 3900 + 10, players[1]: 3900 + 50, players[2]: 600, players[3]: 7200}
    for user, played in seconds.items():
        PlayerStats.objects.create(
            club=club,
            member=Membership.objects.get(club=club, user=user),
            day=timezone.now().date(),
            deals=2,
            seconds_played=played,
        )
    board = leaderboard(club=club, period="all", sort="seconds_played", descending=True)
    assert [(r.counters.seconds_played, r.rank) for r in board] == [(7200, 1), (3950, 2), (3910, 2), (600, 4)]
    ascending = leaderboard(club=club, period="all", sort="seconds_played", descending=False)
    assert [r.rank for r in ascending] == [1, 2, 2, 4]
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    html = client.get(
        f"/clubs/{club.slug}/leaderboard/?period=all&sort=seconds_played&order=desc"
    ).content.decode()
    rows = re.findall(r'<tr>\s*<td class="num">(\d+)</td>.*?</tr>', html, flags=re.S)
    assert rows == ["1", "2", "2", "4"], rows
    assert html.count("1 h 05 min") == 2
