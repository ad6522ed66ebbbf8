"""Review 128: the leaderboard's headings said "Snores declared/made/failed", "Helps" and "Fives" in
a club whose tables are all Frap, where the table, the deal page and the player's chart say "frap",
"whist" and "cut". A club whose counted tables are all of Frap's family reads its game's words now;
a club of mixed games (one heading sums a frap and a snore) reads Classic's, the site's own."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from games.models import Deal

from .conftest import sit_all

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _utc():
    timezone.deactivate()
    yield
    timezone.deactivate()


def _board(table, lang: str) -> str:
    client = Client()
    client.force_login(table.club.created_by)
    with translation.override(lang):
        url = reverse("club_leaderboard", args=[table.club.slug])
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    head = response.content.decode()
    return head[head.index("<thead>") : head.index("</thead>")]


def test_a_frap_club_reads_frap_words(make_table, players, play_deals) -> None:
    table = make_table("frap")
    sit_all(table, players)
    play_deals(table, players, 1)
    head = _board(table, "en")
    for word in ("Fraps declared", "Fraps made", "Fraps failed", "Fraps made, %", "Whists", "Cuts"):
        assert word in head, word
    assert "Snores" not in head and "Helps" not in head and "Fives" not in head
    assert "Объявлено фрапов" in _board(table, "ru")
    assert "Обявени фрапове" in _board(table, "bg")


def test_a_club_of_mixed_games_reads_classics_words(make_table, players, play_deals) -> None:
    frap = make_table("frap")
    sit_all(frap, players)
    first, _second = play_deals(frap, players, 2)
    Deal.objects.filter(pk=first.pk).update(session=make_table("classic"))
    head = _board(frap, "en")
    assert "Snores declared" in head and "Fives" in head and "Frap" not in head
    assert "Объявлено храпов" in _board(frap, "ru")


def test_a_frap_clubs_player_page_reads_the_boards_words(make_table, players, play_deals) -> None:
    """His page's counters stood under Classic's words beside the board's "Fraps declared"."""
    table = make_table("frap")
    sit_all(table, players)
    play_deals(table, players, 1)
    client = Client()
    client.force_login(table.club.created_by)
    url = reverse("club_player", args=[table.club.slug, players[0].username])
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    grid = html[html.index('<dl class="stats-grid">') : html.index("</dl>")]
    for word in ("Fraps declared", "Fraps made", "Fraps failed", "Fraps made, %", "Whists", "Cuts"):
        assert f"<dt>{word}</dt>" in grid, word
    assert "Snores" not in grid and "Helps" not in grid and "Fives" not in grid
    ru = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "<dt>Объявлено фрапов</dt>" in ru and "<dt>Подрезка</dt>" in ru


def test_a_frap_clubs_corrections_read_the_boards_words(make_table, players, play_deals) -> None:
    """The nightly recount's corrections named the counters as Classic's board does."""
    from club.models import Membership
    from games.stats_read import stats_differences_words

    table = make_table("frap")
    sit_all(table, players)
    play_deals(table, players, 1)
    member = Membership.objects.get(club=table.club, user=players[0])
    differences = [
        {"member": member.pk, "day": "2026-12-05", "fields": {"snores_made": {"stored": 3, "recounted": 2}}}
    ]
    with translation.override("en"):
        assert "Fraps made 3 → 2" in stats_differences_words(differences)
    with translation.override("ru"):
        assert "Выполнено фрапов 3 → 2" in stats_differences_words(differences)
