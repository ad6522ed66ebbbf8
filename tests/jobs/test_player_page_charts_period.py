"""The player page's period tabs changed the counters only, while its charts read all his history
(his latest 300 deals, his latest 300 wins): a player on "This week" read a chart of last year's
deals as this week's (review 143's doubt). The page says which is which, in en, ru and bg."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

pytestmark = pytest.mark.django_db

SAID = {
    "en": "The charts below read the player's whole history in this club, whatever the period",
    "ru": "Графики ниже показывают всю историю игрока в этом клубе, независимо от выбранного периода",
    "bg": "Графиките по-долу показват цялата история на играча в този клуб, независимо от избрания период",
}


@pytest.fixture(autouse=True)
def _no_active_zone():
    timezone.deactivate()


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_the_page_says_the_charts_are_not_the_periods(club, players, language):
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    client.cookies["django_language"] = language
    html = client.get(f"/clubs/{club.slug}/players/{players[1].username}/?period=week").content.decode()
    assert SAID[language] in html.replace("&#x27;", "'")
