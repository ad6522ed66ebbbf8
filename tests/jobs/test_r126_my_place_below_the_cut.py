"""Review 126: the leaderboard shows its first 200 players; a member placed below them was told
"Only the first 200 players are shown" and given a link to his own page, which has no place on it:
in a big club he could not learn where he stood. He is told his place now, under the board."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from club.models import Membership
from games import stats_read
from games.models import PlayerStats

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_reader_zone():
    timezone.deactivate()


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_a_member_below_the_cut_is_told_his_place(club, players, monkeypatch) -> None:
    for net, user in zip((40, 30, 20, 10), players, strict=True):
        PlayerStats.objects.create(
            club=club,
            member=Membership.objects.get(club=club, user=user),
            day=timezone.now().date(),
            deals=1,
            net=net,
        )
    monkeypatch.setattr(stats_read, "LEADERBOARD_SIZE", 2)
    url = f"/clubs/{club.slug}/leaderboard/?period=all"
    html = _client(players[3]).get(url).content.decode()
    assert "Only the first 2 players are shown." in html
    assert "Your place: 4 of 4." in html
    ru = _client(players[2]).get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Ваше место: 3 из 4." in ru
    # On the board, or with no deal in the period: nothing more to say.
    assert "Your place" not in _client(players[0]).get(url).content.decode()
