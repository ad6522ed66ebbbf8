"""A club's deal list filtered by a table it has not (``?table=`` of another club's table, a number
no table has, a word, Arabic-Indic digits) read "No deal yet." under "Deals played", with no word of
the filter: a member with a stale or mistyped link was told the club had never played. The list is
still empty (another club's table is told as one that is not there), and it says why, as it does for
a username nobody has."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from games.services import table_session_create

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db

SAID = {
    "en": "No table of this club has this number.",
    "ru": "В этом клубе нет стола с таким номером.",
    "bg": "В този клуб няма маса с такъв номер.",
}


def test_a_table_the_club_has_not_is_said(make_table, players, make_user, make_club, club) -> None:
    table = make_table()
    sit_all(table, players)
    play_deal_as_people(start_deal(table), players)
    stranger = make_user("stranger105", display_name="Stas")
    elsewhere = make_club(stranger, "Elsewhere 105")
    theirs = table_session_create(
        club=elsewhere,
        actor=stranger,
        title="their table",
        preset="classic",
        seat_count=4,
        stake=5,
        buy_in_min=100,
        buy_in_max=500,
        turn_seconds=30,
    )
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    url = f"/clubs/{club.slug}/deals/"
    for odd in (str(theirs.pk), "999999999", "abc", "١", f"{table.pk}x"):
        for language, words in SAID.items():
            with translation.override(language):
                response = client.get(url, {"table": odd}, HTTP_ACCEPT_LANGUAGE=language)
            assert response.status_code == 200
            html = response.content.decode()
            assert words in html, (odd, language)
            assert "their table" not in html
    # The club's own table, and no filter: the deals, and no such words.
    for query in ({"table": str(table.pk)}, {}):
        html = client.get(url, query, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert SAID["en"] not in html
        assert f"/deals/{table.deals.first().pk}/" in html
