"""Review 145: the player page's note on its charts and its period tabs (review 143's doubt) was put
in Russian and Bulgarian word for word: "Период выбирает счётчики выше. Графики ниже читают всю
историю…", "Графиките по-долу четат…" — a period that picks counters and charts that read, as no
Russian or Bulgarian page says. It says that the period is for the counters only and that the charts
show his whole history now."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

pytestmark = pytest.mark.django_db

WORDS = {
    "ru": ("Период относится только к счётчикам выше", "Графики ниже показывают", ("читают", "выбирает")),
    "bg": ("Периодът се отнася само за броячите по-горе", "Графиките по-долу показват", ("четат", "избира")),
}


@pytest.fixture(autouse=True)
def _no_active_zone():
    timezone.deactivate()


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_the_note_says_show_not_read(club, players, language):
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    client.cookies["django_language"] = language
    html = client.get(f"/clubs/{club.slug}/players/{players[1].username}/?period=week").content.decode()
    start = html.index('id="charts-period"')
    note = html[start : html.index("</p>", start)]
    period, charts, calques = WORDS[language]
    assert period in note and charts in note, note
    assert not any(word in note for word in calques), note
