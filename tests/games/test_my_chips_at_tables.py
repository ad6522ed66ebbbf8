"""My chips showed the wallet alone: a player who took 200 chips to a table read 800 where he had
1,000 and took the 200 for lost (review 101's left-out). The page now names the tables his chips
are at, with how many, until he stands up and they are back in the wallet."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from games.services import table_leave

from .conftest import sit_all

pytestmark = pytest.mark.django_db


def _page(user, club, language: str = "en") -> str:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    with translation.override(language):
        return client.get(f"/clubs/{club.slug}/chips/", HTTP_ACCEPT_LANGUAGE=language).content.decode()


def _at_tables(page: str) -> str:
    found = re.search(r'<p id="chips-at-tables">(.*?)</p>', page, re.S)
    return " ".join(re.sub(r"<[^>]+>", "", found.group(1)).split()) if found else ""


def test_chips_at_a_table_are_named_beside_the_wallet(make_table, players, club):
    table = make_table()
    other = make_table(preset="frap")
    sit_all(table, players, buy_in=200)
    sit_all(other, players[:2], buy_in=150)
    vera, dasha = players[0], players[2]
    page = _page(vera, club)
    assert 'id="chips-balance">650<' in page
    assert (
        _at_tables(page)
        == "At tables, back in your wallet when you stand up: classic table 200, frap table 150"
    )
    assert f'href="/tables/{table.pk}/"' in page
    assert (
        _at_tables(_page(dasha, club, "ru"))
        == "За столами (вернутся в кошелёк, когда вы встанете): classic table 200"
    )
    table_leave(session_id=table.pk, user=dasha)
    page = _page(dasha, club)
    assert 'id="chips-balance">1000<' in page
    assert "chips-at-tables" not in page
