"""Review 73: the leaderboard named each player by his display name alone. Display names are not
unique (anyone may call himself "Vera"): two Veras on the board, first and last, and nobody could tell
which was which, nor see that a newcomer had taken the name of the club's best player. Every other
page that names a member puts his username beside it; the board does too now.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import timezone

from club.models import Membership, User
from games.models import PlayerStats

pytestmark = pytest.mark.django_db


def test_two_players_of_one_name_are_told_apart(club, players) -> None:
    User.objects.filter(pk__in=[players[0].pk, players[1].pk]).update(display_name="Vera")
    for user, net in ((players[0], 90), (players[1], -90)):
        PlayerStats.objects.create(
            club=club,
            member=Membership.objects.get(club=club, user=user),
            day=timezone.now().date(),
            deals=3,
            net=net,
        )
    client = Client()
    client.force_login(players[2], backend="django.contrib.auth.backends.ModelBackend")
    html = client.get(f"/clubs/{club.slug}/leaderboard/?period=all").content.decode()
    cells = [
        re.sub(r"<[^>]+>|\s+", " ", c).split() for c in re.findall(r'<td class="who">(.*?)</td>', html, re.S)
    ]
    assert cells == [["Vera", f"@{players[0].username}"], ["Vera", f"@{players[1].username}"]]
