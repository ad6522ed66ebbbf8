"""Review 122: "Coming up" on the club page (and on the home page, for every club of the member)
lists the next 20 scheduled tables and stopped there without a word: with a month of nightly tables
scheduled, a member looking for a table three weeks ahead read a list that seemed whole and did not
find it. The list says that only the next 20 are shown and that the later ones come as these start."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.selectors import UPCOMING_LISTED

pytestmark = pytest.mark.django_db

CUT = "Only the next 20 tables are listed; later ones appear here as these start."
RU_CUT = "Показаны только ближайшие 20 столов; остальные появятся здесь, когда начнутся показанные."
BG_CUT = "Показани са само следващите 20 маси; по-късните ще се появят тук, когато показаните започнат."


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _schedule(make_table, count: int) -> None:
    first = timezone.now().replace(second=0, microsecond=0) + timedelta(days=1)
    for day in range(count):
        make_table(starts_at=first + timedelta(days=day))


def _pages(user, club, language: str = "en") -> tuple[str, str]:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client.get(club.get_absolute_url()).content.decode(), client.get("/").content.decode()


def test_a_cut_list_says_it_is_cut(make_table, players, club):
    assert UPCOMING_LISTED == 20
    _schedule(make_table, UPCOMING_LISTED + 1)
    club_page, home = _pages(players[0], club)
    assert club_page.count('action="/tables/') >= UPCOMING_LISTED  # the 20 are listed, with their forms
    assert CUT in club_page
    assert CUT in home


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("ru", RU_CUT),
        ("bg", BG_CUT),
    ],
)
def test_the_cut_is_said_in_the_readers_language(make_table, players, club, language, words):
    _schedule(make_table, UPCOMING_LISTED + 1)
    club_page, _home = _pages(players[0], club, language)
    assert words in club_page


def test_a_whole_list_says_nothing_of_a_cut(make_table, players, club):
    _schedule(make_table, UPCOMING_LISTED)
    club_page, home = _pages(players[0], club)
    assert CUT not in club_page and CUT not in home
