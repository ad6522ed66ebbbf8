"""Review 25 (a club after a year): the history list read each deal player's membership one query at
a time (``DealPlayer.member`` was not among the prefetched rows): a page of 20 deals at four seats
made some 80 more queries than a page of one. Its queries stay the same however many deals it lists."""

from __future__ import annotations

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from .conftest import play_deal_as_people, sit_all, start_deal


def _count(client: Client, path: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path)
    assert response.status_code == 200, response.status_code
    return len(captured.captured_queries)


def test_history_queries_do_not_grow_with_the_deals_listed(make_table, players, owner):
    table = make_table(turn_seconds=600)
    sit_all(table, players)
    play_deal_as_people(start_deal(table), players)
    path = f"/clubs/{table.club.slug}/deals/"
    readers = []
    for user in (players[0], owner):  # a player of the deals, and a manager who played none
        client = Client()
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
        readers.append(client)
    # the whole list, and the list filtered by player and by table
    paths = [path, f"{path}?player={players[1].username}", f"{path}?table={table.pk}"]
    one = [_count(client, p) for client in readers for p in paths]
    for _ in range(3):
        play_deal_as_people(start_deal(table), players)
    four = [_count(client, p) for client in readers for p in paths]
    assert four == one
