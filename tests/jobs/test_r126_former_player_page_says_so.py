"""Review 126: a player banned from the club (or gone from it) is off the leaderboard, and his page
stays for the deals he played here; but the page read as any member's, with nothing to say why he
is not on the board: a reader took the banned cheat's page for a member's. It says he is banned,
or has left, beside his name."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import timezone

from club.models import Membership
from club.services import membership_ban, membership_leave
from games.services import table_leave

from .conftest import sit_all

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_reader_zone():
    timezone.deactivate()


def _heading(client: Client, url: str, lang: str = "en") -> str:
    html = client.get(url, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    heading = re.search(r"<h1>(.*?)</h1>", html, re.S).group(1)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", heading)).strip()


def test_a_former_players_page_says_he_is_gone(make_table, players, owner, play_deals) -> None:
    table = make_table()
    sit_all(table, players)
    play_deals(table, players, 1)
    for user in players[2:]:
        table_leave(session_id=table.pk, user=user)
    club = table.club
    membership_ban(membership=Membership.objects.get(club=club, user=players[2]), actor=owner, reason="cheat")
    membership_leave(club=club, user=players[3])
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    page = f"/clubs/{club.slug}/players/{{}}/"
    assert (
        _heading(client, page.format(players[1].username))
        == f"{players[1].shown_name} @{players[1].username}"
    )
    assert "Banned" in _heading(client, page.format(players[2].username))
    assert "Под блокировкой" in _heading(client, page.format(players[2].username), "ru")
    assert "Left" in _heading(client, page.format(players[3].username))
    assert "Извън клуба" in _heading(client, page.format(players[3].username), "bg")
