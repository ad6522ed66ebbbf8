"""Two daphne processes on two ports, sharing the test database and Redis: two players connected to
one and two to the other play a whole deal, and every move reaches all four."""

from __future__ import annotations

import random

import pytest
from asgiref.sync import async_to_sync, sync_to_async

from games.management.commands._loadkit import LiveClient, login_cookie, play_moves
from games.models import Deal
from tests.games.conftest import sit_all

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]


def test_players_on_two_servers_play_one_deal_and_see_each_others_moves(daphne, make_table, players):
    table = make_table()
    sit_all(table, players)
    cookies = [login_cookie(user) for user in players]
    first, second = daphne(), daphne()
    assert first.port != second.port

    def first_deal_over() -> bool:
        return Deal.objects.filter(session=table, number=1, finished_at__isnull=False).exists()

    async def scenario() -> tuple[list[LiveClient], set[int]]:
        servers = [first, first, second, second]
        clients = [LiveClient(servers[i].ws_url, table.pk, cookies[i]).start() for i in range(4)]
        movers: set[int] = set()
        try:
            rng = random.Random(11)
            for _ in range(300):
                if await sync_to_async(first_deal_over)():
                    break
                turn = [i for i, c in enumerate(clients) if c.newest is not None and c.newest.my_turn]
                await play_moves(clients, 1, rng)
                movers.update(turn)
            return clients, movers
        finally:
            for client in clients:
                await client.stop()

    clients, movers = async_to_sync(scenario)()
    deal = Deal.objects.get(session=table, number=1)
    assert deal.is_over and deal.seq > 4
    # Players of both servers moved, and each saw the others' moves (play_moves waits for all four).
    assert movers & {0, 1} and movers & {2, 3}
    for client in clients:
        assert client.newest is not None and client.newest.position >= (1, deal.seq)
        assert client.connects == 1 and not client.errors, (client.connects, client.errors)
