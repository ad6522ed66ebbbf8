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


def test_a_tables_own_page_names_its_game_in_the_readers_language(owner, make_table):
    table = make_table("frap")
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(f"/admin/games/tablesession/{table.pk}/change/").content.decode()
    readonly = re.findall(r'<div class="readonly">([^<]*)</div>', page)
    assert "Фрап" in readonly, readonly
    assert "frap" not in readonly, readonly


def test_the_list_of_deals_names_their_results_in_the_readers_language(owner, make_table, players):
    from .conftest import sit_all, start_deal
    from .test_moderation import _finish_with_clock

    table = make_table()
    sit_all(table, players)
    _finish_with_clock(start_deal(table))
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    page = client.get("/admin/games/deal/").content.decode()
    cells = re.findall(r'<td class="field-result_shown">(.*?)</td>', page)
    shown = ("Сыграна", "Пересдача: все спасовали", "Мгновенная победа")
    assert cells and all(c in shown for c in cells), cells
    links = re.findall(r'<a href="\?result=(\w+)"[^>]*>([^<]+)</a>', page)
    assert ("redeal", "Пересдача: все спасовали") in links, links
