"""The leaderboard lists the club's members; when the only players of a period had left the club
(or were banned), it read "Nobody has played a deal in this period.", which was untrue (review 105's
left-out). It now says no member of the club has."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone, translation

from club import services as club_services
from club.models import Membership
from games.models import PlayerStats

pytestmark = pytest.mark.django_db


def _board(user, club, language: str = "en") -> str:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    client.cookies["django_language"] = language
    with translation.override(language):
        page = client.get(f"/clubs/{club.slug}/leaderboard/?period=all", HTTP_ACCEPT_LANGUAGE=language)
    return page.content.decode()


def test_a_board_whose_players_have_left_says_no_member_played(club, players) -> None:
    vera = players[0]
    PlayerStats.objects.create(
        club=club,
        member=Membership.objects.get(club=club, user=vera),
        day=timezone.now().date(),
        deals=3,
        net=40,
    )
    club_services.membership_leave(club=club, user=vera)
    page = _board(players[1], club)
    assert "No member of the club has played a deal in this period." in page
    assert "Nobody has played" not in page
    ru = _board(players[1], club, "ru")
    assert "В этот период никто из членов клуба не сыграл ни одной сдачи." in ru
