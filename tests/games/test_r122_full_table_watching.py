"""Review 122: a member looking at a table whose every seat is taken (a full table of four, a
practice table with its opener and three bots) read "You are watching. Sit down at a free seat to
play." under a table with no free seat and no Sit form. He is told every seat is taken, in his
language; a table with a free seat still asks him to sit down."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from .conftest import sit_all

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _page(user, table, language: str = "en") -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client.get(f"/tables/{table.pk}/").content.decode()


@pytest.mark.parametrize(
    ("language", "free_seat", "words"),
    [
        ("en", "Sit down at a free seat to play.", "You are watching. Every seat is taken."),
        ("ru", "Чтобы играть, займите свободное место.", "Вы наблюдаете. Все места заняты."),
        ("bg", "За да играете, седнете на свободно място.", "Гледате. Всички места са заети."),
    ],
)
def test_a_full_table_does_not_ask_a_watcher_to_sit_at_a_free_seat(
    make_table, players, owner, language, free_seat, words
):
    table = make_table(seats=4)
    sit_all(table, players)
    html = _page(owner, table, language)
    assert 'name="buy_in"' not in html  # no Sit form: no seat to sit at
    assert free_seat not in html
    assert words in html


def test_a_table_with_a_free_seat_still_asks_him_to_sit_down(make_table, players, owner):
    table = make_table(seats=4)
    sit_all(table, players[:3])
    html = _page(owner, table)
    assert "You are watching. Sit down at a free seat to play." in html
    assert "Every seat is taken." not in html
