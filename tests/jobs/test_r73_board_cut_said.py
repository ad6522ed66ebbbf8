"""Review 73: the leaderboard shows its first 200 players and said nothing of the others: a member
placed 201st read the whole board, did not find himself, and nothing told him why. The board now
says that only the first ones are shown and where his own figures are.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from club.models import Membership
from games import stats_read
from games.models import PlayerStats

pytestmark = pytest.mark.django_db


def test_a_cut_board_says_so(club, players, monkeypatch) -> None:
    monkeypatch.setattr(stats_read, "LEADERBOARD_SIZE", 3)
    for n, user in enumerate(players):
        PlayerStats.objects.create(
            club=club,
            member=Membership.objects.get(club=club, user=user),
            day=timezone.now().date(),
            deals=1,
            net=n,
        )
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    html = client.get(f"/clubs/{club.slug}/leaderboard/?period=all").content.decode()
    assert html.count('<td class="who">') == 3
    assert "Only the first 3 players are shown" in html
    assert (
        f'href="/clubs/{club.slug}/players/{players[0].username}/?period=all"'
        in html.split("Only the first")[1]
    )
    monkeypatch.setattr(stats_read, "LEADERBOARD_SIZE", 4)
    html = client.get(f"/clubs/{club.slug}/leaderboard/?period=all").content.decode()
    assert html.count('<td class="who">') == 4 and "Only the first" not in html
