"""Review 126: players level on the sorted column (sharing a place) were listed in the order of their
usernames, the small grey "@name" beside the name the board reads first: "Yana @alpha" above "Anna
@bob". Level players are listed by their names now (then by username, for two of one name)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from club.models import Membership
from games.models import PlayerStats
from games.stats_read import leaderboard

pytestmark = pytest.mark.django_db


def test_level_players_are_listed_by_name(club, players) -> None:
    names = ["Yana", "Anna", "Boris", "Ёлка"]
    for user, name in zip(players, names, strict=True):
        get_user_model().objects.filter(pk=user.pk).update(display_name=name)
        PlayerStats.objects.create(
            club=club,
            member=Membership.objects.get(club=club, user=user),
            day=timezone.now().date(),
            deals=2,
            net=10,
        )
    # The fixture's usernames run vera…, gleb…, dasha…, ivan…: "Yana" has the last of them.
    get_user_model().objects.filter(pk=players[0].pk).update(username="aaa-yana")
    rows = leaderboard(club=club, period="all", sort="net")
    assert [row.rank for row in rows] == [1, 1, 1, 1]
    assert [row.member.user.shown_name for row in rows] == ["Anna", "Boris", "Yana", "Ёлка"]
