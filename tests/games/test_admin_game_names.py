"""The admin's list of tables names each game as the pages do, in the reader's language: a Russian
manager read "classic" and "frap" in the column and in the filter beside it."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def _page(user, query: str = "") -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    response = client.get(f"/admin/games/tablesession/{query}")
    assert response.status_code == 200
    return response.content.decode()


def test_the_list_of_tables_names_the_games_in_the_readers_language(owner, make_table):
    make_table("classic")
    make_table("frap")
    page = _page(owner)
    cells = re.findall(r'<td class="field-game">(.*?)</td>', page)
    assert sorted(cells) == ["Классический храп", "Фрап"], cells
    assert ">classic<" not in page and ">frap<" not in page
    filter_links = re.findall(r'<a href="\?preset=(\w+)"[^>]*>([^<]+)</a>', page)
    assert ("classic", "Классический храп") in filter_links, filter_links


def test_the_game_filter_still_filters_and_an_unknown_game_lists_nothing(owner, make_table):
    make_table("classic")
    make_table("frap")
    assert re.findall(r'<td class="field-game">(.*?)</td>', _page(owner, "?preset=frap")) == ["Фрап"]
    assert re.findall(r'<td class="field-game">(.*?)</td>', _page(owner, "?preset=zz")) == []
