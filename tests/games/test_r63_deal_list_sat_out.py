"""Review 63: the club's deal list named a player who sat a deal out (back from "away" while the bank
held the others' chips, he waits, dealt nothing) among its players, and told him "Your net: 0" for
it, as if he had played it and broken even: filtered by his name, the list read three deals played
beside "Deals: 1" on his page. The deal's own page says he sits out; the list now says so too, in
the players and in his net."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from games.models import DealPlayer
from games.stats import deal_dealt
from tests.games.test_review31_sat_out_deals import _sat_out_a_deal

pytestmark = pytest.mark.django_db


def _rows(html: str) -> dict[int, list[str]]:
    rows = {}
    for row in re.findall(r"<tr>(.*?)</tr>", html, flags=re.S):
        deal = re.search(r'href="/deals/(\d+)/"', row)
        if deal:
            cells = [
                unescape(re.sub(r"<[^>]+>", "", c)).strip()
                for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
            ]
            rows[int(deal.group(1))] = cells
    return rows


def _body(make_table, players):
    member, dealt_in = _sat_out_a_deal(make_table, players)
    name = member.user.shown_name
    mine = list(DealPlayer.objects.filter(member=member).select_related("deal"))
    sat_out = {p.deal_id for p in mine if p.engine_seat not in deal_dealt(p.deal.opening)}
    played = {p.deal_id: p.net for p in mine if p.deal_id not in sat_out}
    assert sat_out and len(played) == dealt_in
    client = Client()
    client.force_login(member.user, backend="django.contrib.auth.backends.ModelBackend")
    for language, sits_out in (("en", "sits out"), ("ru", "не играет"), ("bg", "не играе")):
        client.cookies["django_language"] = language
        html = client.get(f"/clubs/{member.club.slug}/deals/?player={member.user.username}").content.decode()
        _check(_rows(html), name=name, sat_out=sat_out, played=played, sits_out=sits_out)


def _check(
    rows: dict[int, list[str]], *, name: str, sat_out: set[int], played: dict[int, int], sits_out: str
) -> None:
    assert set(rows) == sat_out | set(played)
    for deal_id in sat_out:
        players_cell, net_cell = rows[deal_id][3], rows[deal_id][6]
        assert f"{name} ({sits_out})" in players_cell, players_cell
        assert net_cell == sits_out, net_cell
    for deal_id, net in played.items():
        players_cell, net_cell = rows[deal_id][3], rows[deal_id][6]
        assert sits_out not in players_cell and name in players_cell, players_cell
        assert net_cell == (f"+{net}" if net > 0 else str(net)), net_cell


def test_the_deal_list_says_who_sat_a_deal_out_d(make_table, players):
    # The test's name draws the decks (tests/conftest.py): under this one he waits through a deal.
    _body(make_table, players)
