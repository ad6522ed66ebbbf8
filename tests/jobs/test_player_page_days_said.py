"""The player page's periods ("today", "this week") count UTC days, as the leaderboard says under its
table; the player page did not say so, and a player in Tokyo read yesterday's deals under "today"."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "words"), [("en", "Days end at midnight UTC"), ("ru", "UTC")])
def test_the_player_page_says_its_days_are_utc(club, players, language, words) -> None:
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    client.cookies["django_language"] = language
    html = client.get(f"/clubs/{club.slug}/players/{players[0].username}/").content.decode()
    assert 'id="stats-days"' in html
    said = html.split('id="stats-days"', 1)[1].split("</p>", 1)[0]
    assert words in said
