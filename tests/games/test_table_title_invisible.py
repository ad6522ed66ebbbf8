"""A table's title holds no invisible or direction-changing characters (outside review).

Club names and display names refuse them; a table's title did not. A manager opened a table called
"\\u202eelbat" (a right-to-left override): the lobby, the club page, the history and every
exported scenario file showed it turned round, with the rest of its row."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import TableSession
from games.services import TableError, table_session_create

from .conftest import TABLE_FORM

pytestmark = pytest.mark.django_db

VALUES = {"preset": "classic", "stake": 5, "seat_count": 4, "buy_in_min": 100, "buy_in_max": 500}
TITLES = ["\u202eelbat yadseuT", "Friday\u200b table", "Tea\u2066 time", "Bad\ufefftitle", "Line\nbreak"]


@pytest.mark.parametrize("title", TITLES)
def test_the_service_refuses_a_title_with_invisible_characters(club, owner, title):
    with pytest.raises(TableError) as caught:
        table_session_create(club=club, actor=owner, title=title, **VALUES)
    assert "invisible characters" in str(caught.value.message)
    assert not TableSession.objects.filter(club=club).exists()


def test_the_club_page_form_says_so_in_russian(club, owner):
    owner.preferred_language = "ru"
    owner.save(update_fields=["preferred_language"])
    client = Client()
    client.force_login(owner)
    form = {**TABLE_FORM, "title": "\u202eelbat"}
    response = client.post(f"/clubs/{club.slug}/tables/new/", form, HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 422
    assert "невидимые символы" in response.content.decode()
    assert not TableSession.objects.filter(club=club).exists()


def test_a_plain_title_still_opens_a_table(club, owner):
    session = table_session_create(club=club, actor=owner, title="Вечер «Храпа» — 5 ₽", **VALUES)
    assert session.title == "Вечер «Храпа» — 5 ₽"
