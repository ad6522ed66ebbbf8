"""Review 87: an operator's club night under faults. A daphne process SIGKILLed at random moments
while a move is being committed, Redis paused (SIGSTOP) mid-deal instead of restarted, and every
connection to the database terminated (pg_terminate_backend, the test database's only), with and
without the production connection pool: no move and no chip is lost or doubled, the clients come
back by themselves and all see the table's state, and the pages answer.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.core.management import call_command

from games.management.commands._loadkit import LiveClient, frame_moves, login_cookie, play_moves
from games.models import Deal, DealAction
from tests.games.conftest import sit_all

pytestmark = pytest.mark.django_db(transaction=True)


def _newest(table) -> tuple[int, int, int]:
    deal = Deal.objects.filter(session=table).order_by("-number").first()
    return deal.pk, deal.number, deal.seq


def _actions_whole(table) -> None:
    """Every deal's action log runs 1..seq with no gap and no seq twice."""
    for deal in Deal.objects.filter(session=table):
        seqs = list(DealAction.objects.filter(deal=deal).values_list("seq", flat=True).order_by("seq"))
        assert seqs == list(range(1, deal.seq + 1)), (deal.number, seqs, deal.seq)


def test_sigkill_at_random_moments_of_a_move_loses_and_doubles_nothing(daphne, make_table, players):
    table = make_table()
    sit_all(table, players)
    cookies = [login_cookie(user) for user in players]
    server = daphne()
    rng = random.Random(87)

    async def scenario() -> list[bool]:
        clients = [LiveClient(server.ws_url, table.pk, cookie).start() for cookie in cookies]
        outcomes: list[bool] = []
        try:
            await play_moves(clients, 1, rng)
            # Four rounds here (each a daphne restart, seconds on a slow machine); review 87 ran 90
            # more by hand with the same outcome.
            for _round in range(4):
                newest = max(c.newest.position for c in clients)
                for client in clients:
                    await client.wait(lambda c, p=newest: c.newest is not None and c.newest.position >= p, 30)
                mover = next((c for c in clients if c.newest.my_turn), None)
                if mover is None:
                    await play_moves(clients, 1, rng)
                    continue
                before = mover.newest.position
                await mover.send(rng.choice(frame_moves(mover.text)))
                await asyncio.sleep(rng.uniform(0, 0.06))  # somewhere in the move's transaction
                connects = [client.connects for client in clients]
                server.kill()
                server.start()
                _pk, number, seq = await sync_to_async(_newest)(table)
                outcomes.append((number, seq) > before)
                for client, old in zip(clients, connects, strict=True):
                    # Every page comes back to the table's own state, on a socket of the new server:
                    # the killed server's socket, not yet seen closed, once took the next move and
                    # failed the test ("no close frame received or sent").
                    await client.wait(
                        lambda c, p=(number, seq), old=old: (
                            c.connects > old and c.ws is not None and c.newest.position >= p
                        ),
                        30,
                    )
                await play_moves(clients, 1, rng)  # and the table goes on
        finally:
            for client in clients:
                await client.stop()
        return outcomes

    outcomes = async_to_sync(scenario)()
    assert outcomes
    _actions_whole(table)
    call_command("ledger_check")


def test_redis_paused_mid_deal_the_table_goes_on_when_it_wakes(daphne, own_redis, make_table, players):
    table = make_table()
    sit_all(table, players)
    cookies = [login_cookie(user) for user in players]
    redis_url = own_redis()
    server = daphne(REDIS_URL=redis_url)
    redis_pid = own_redis.processes[-1].pid  # type: ignore[attr-defined]

    async def scenario() -> None:
        clients = [LiveClient(server.ws_url, table.pk, cookie).start() for cookie in cookies]
        try:
            await play_moves(clients, 3, random.Random(11))
            mover = next(c for c in clients if c.newest.my_turn)
            os.kill(redis_pid, signal.SIGSTOP)
            try:
                await mover.send(frame_moves(mover.text)[0])
                await asyncio.sleep(8)  # a paused Redis: no error, no answer (30 s held by hand)
            finally:
                os.kill(redis_pid, signal.SIGCONT)
            _pk, number, seq = await sync_to_async(_newest)(table)
            for client in clients:
                await client.wait(lambda c, p=(number, seq): c.ws is not None and c.newest.position >= p, 60)
            await play_moves(clients, 4, random.Random(12), timeout=60)
            for client in clients:
                assert client.ended is None
        finally:
            for client in clients:
                await client.stop()

    async_to_sync(scenario)()
    _actions_whole(table)
    call_command("ledger_check")


def _terminate_test_backends() -> int:
    """pg_terminate_backend on every other connection to this test's own database (only it)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = %s AND pid <> pg_backend_pid()",
            [connection.settings_dict["NAME"]],
        )
        return cursor.fetchone()[0]


@pytest.mark.postgres
@pytest.mark.parametrize("pool", ["0", "4"])
def test_terminated_database_connections_pages_and_moves_go_on(daphne, make_table, players, pool):
    import urllib.request

    table = make_table()
    sit_all(table, players)
    cookies = [login_cookie(user) for user in players]
    server = daphne(DB_POOL_SIZE=pool)

    def page() -> int:
        request = urllib.request.Request(f"{server.url}/tables/{table.pk}/", headers={"Cookie": cookies[0]})
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status

    async def scenario() -> list[dict]:
        clients = [LiveClient(server.ws_url, table.pk, cookie).start() for cookie in cookies]
        try:
            await play_moves(clients, 3, random.Random(21))
            assert await sync_to_async(page)() == 200
            killed = await sync_to_async(_terminate_test_backends)()
            # Without the pool (and DB_CONN_MAX_AGE 0) no connection outlives its request, so there
            # may be none to end at this moment (a CI run found none); with it, its idle ones.
            assert killed >= 1 or pool == "0"
            statuses = [await sync_to_async(page)() for _ in range(3)]
            assert statuses == [200, 200, 200]
            await play_moves(clients, 3, random.Random(22), timeout=30)
            return [e for c in clients for e in c.errors]
        finally:
            for client in clients:
                await client.stop()

    errors = async_to_sync(scenario)()
    assert errors == []
    _actions_whole(table)
    call_command("ledger_check")
