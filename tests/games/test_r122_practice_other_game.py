"""Review 122: a member playing Student Khrap at his practice table who chose Frap in the club's
"Practise against bots" and pressed "Open a practice table" was taken to his Student table without a
word (one practice table a person at a time): the page he landed on looked like what he had asked
for, and he sat down to another game than the one he chose. He is now told that his open practice
table is of another game, and how to get one of the game he chose."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from games.models import TableSession

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _client(user, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _open(client: Client, club, preset: str) -> tuple[str, list[str]]:
    response = client.post(f"/clubs/{club.slug}/tables/practice/", {"preset": preset})
    return response["Location"], [str(m) for m in get_messages(response.wsgi_request)]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Your practice table of Student Khrap is still open"),
        ("ru", "Ваш тренировочный стол («Студенческий храп») ещё открыт"),
        ("bg", "Тренировъчната ви маса („Студентски храп“) още е отворена"),
    ],
)
def test_asking_for_another_game_says_the_open_table_is_of_another(club, players, language, words):
    user = players[0]
    client = _client(user, language)
    first, told = _open(client, club, "student")
    assert told == []
    again, told = _open(client, club, "frap")
    assert again == first  # still one practice table a person
    assert TableSession.objects.filter(created_by=user, practice=True).count() == 1
    assert len(told) == 1 and told[0].startswith(words), told


def test_asking_for_the_same_game_again_says_nothing(club, players):
    client = _client(players[1])
    first, _told = _open(client, club, "classic")
    again, told = _open(client, club, "classic")
    assert (again, told) == (first, [])
