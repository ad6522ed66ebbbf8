"""Faults on the live tables: a server killed mid-deal, Redis restarted mid-deal, and the database
connection dropped in the middle of a move. Nothing is lost: the deal goes on from its last action,
the clients come back by themselves (as the page does) and see the same view, and the books check out.
"""

from __future__ import annotations

import random
import threading
import time

import psycopg
import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.core.management import call_command
from django.db import connection

from games.management.commands._loadkit import LiveClient, frame_moves, login_cookie, play_moves
from games.models import Deal, DealAction
from tests.games.conftest import sit_all
from tests.games.sockets import cards_in

pytestmark = pytest.mark.django_db(transaction=True)


def _running(table) -> Deal:
    return Deal.objects.filter(session=table).order_by("-number").first()


def _same_view(before: str, after: str) -> None:
    assert cards_in(before) == cards_in(after)
    assert before.count("ws-send") == after.count("ws-send")


def test_sigkill_mid_deal_then_restart_resumes_from_the_last_action(daphne, make_table, players):
    table = make_table()
    sit_all(table, players)
    cookies = [login_cookie(user) for user in players]
    server = daphne()

    async def scenario() -> tuple[int, int]:
        clients = [LiveClient(server.ws_url, table.pk, cookie).start() for cookie in cookies]
        try:
            await play_moves(clients, 5, random.Random(3))
            deal = await sync_to_async(_running)(table)
            seen = [(c.newest.position, c.text) for c in clients]
            assert all(position == (deal.number, deal.seq) for position, _ in seen)
            server.kill()  # no shutdown, no disconnect handlers
            for client in clients:
                await client.wait(lambda c: c.ws is None and c.closes >= 1)
            assert all(c.close_codes[-1] == 1006 for c in clients)
            time.sleep(0.5)  # down for a moment; the clients keep trying
            server.start()  # the same port, as a supervisor restarts it
            for client in clients:
                await client.wait(lambda c: c.connects >= 2, timeout=30)
            for client, (position, text) in zip(clients, seen, strict=True):
                await client.wait(lambda c, p=position: c.newest is not None and c.newest.position == p)
                _same_view(text, client.text)
            after = await sync_to_async(_running)(table)
            assert (after.pk, after.seq) == (deal.pk, deal.seq)  # nothing lost, nothing replayed
            await play_moves(clients, 4, random.Random(4))  # and the deal goes on
            return deal.pk, deal.seq
        finally:
            for client in clients:
                await client.stop()

    deal_id, seq = async_to_sync(scenario)()
    deal = Deal.objects.get(pk=deal_id)
    assert deal.seq >= seq + 4 or deal.is_over
    assert list(DealAction.objects.filter(deal=deal).values_list("seq", flat=True).order_by("seq")) == list(
        range(1, deal.seq + 1)
    )
    call_command("ledger_check")  # raises on any difference


def test_redis_restart_mid_deal_the_sockets_come_back(daphne, own_redis, make_table, players):
    table = make_table()
    sit_all(table, players)
    cookies = [login_cookie(user) for user in players]
    redis_url = own_redis()
    server = daphne(REDIS_URL=redis_url)

    async def scenario() -> None:
        clients = [LiveClient(server.ws_url, table.pk, cookie).start() for cookie in cookies]
        try:
            await play_moves(clients, 3, random.Random(5))
            own_redis.processes[-1].kill()  # type: ignore[attr-defined]
            own_redis.processes[-1].wait(timeout=10)  # type: ignore[attr-defined]
            for client in clients:  # each socket fails (1011), as the page sees it, and comes back
                await client.wait(lambda c: c.closes >= 1, timeout=30)
            own_redis()  # back on the same port, empty: every group is gone
            for client in clients:
                await client.wait(lambda c: c.ws is not None and c.connects >= 2, timeout=30)
            await play_moves(clients, 4, random.Random(6))  # everyone sees every move again
            for client in clients:
                assert client.ended is None
                assert set(client.close_codes) <= {1006, 1011}, client.close_codes
        finally:
            for client in clients:
                await client.stop()

    async_to_sync(scenario)()
    call_command("ledger_check")


@pytest.mark.postgres
def test_a_dropped_database_connection_mid_move_is_an_error_frame_and_the_move_can_be_retried(
    daphne, make_table, players
):
    table = make_table()
    sit_all(table, players)
    cookies = [login_cookie(user) for user in players]
    server = daphne()
    params = connection.get_connection_params()
    dsn = {k: params[k] for k in ("dbname", "user", "password", "host", "port") if params.get(k)}
    test_db = connection.settings_dict["NAME"]

    def drop_the_waiting_move(holder: psycopg.Connection, stop: threading.Event) -> None:
        """Kill the server's backend that waits for the table lock, then let the table go."""
        with psycopg.connect(**dsn, autocommit=True) as admin:
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline and not stop.is_set():
                killed = admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = %s AND pid <> pg_backend_pid() AND pid <> %s"
                    " AND wait_event_type = 'Lock'",
                    (test_db, holder.info.backend_pid),
                ).fetchall()
                if killed:
                    break
                time.sleep(0.02)
        holder.rollback()

    async def scenario() -> tuple[list[dict], int]:
        clients = [LiveClient(server.ws_url, table.pk, cookie).start() for cookie in cookies]
        try:
            await play_moves(clients, 2, random.Random(8))
            mover = next(c for c in clients if c.newest.my_turn)
            move = frame_moves(mover.text)[0]
            position = mover.newest.position
            # Hold the table's lock from outside, so the move waits inside its transaction; its
            # connection is then terminated under it.
            holder = psycopg.connect(**dsn)
            holder.execute("SELECT 1 FROM games_tablesession WHERE id = %s FOR UPDATE", (table.pk,))
            stop = threading.Event()
            killer = threading.Thread(target=drop_the_waiting_move, args=(holder, stop))
            killer.start()
            await mover.send(move)
            await mover.wait(lambda c: c.errors, timeout=20)  # an answer, not a hang
            stop.set()
            killer.join(timeout=20)
            holder.close()
            errors = list(mover.errors)
            assert mover.ws is not None and mover.closes == 0  # the socket stayed open
            assert (await sync_to_async(_running)(table)).seq == position[1]  # nothing was written
            await mover.send(move)  # the same move again
            for client in clients:
                await client.wait(lambda c, p=position: c.newest.position > p)
            return errors, position[1]
        finally:
            for client in clients:
                await client.stop()

    errors, seq = async_to_sync(scenario)()
    assert [e["error"] for e in errors] == ["try_again"] and errors[0]["message"]
    assert _running(table).seq == seq + 1
    call_command("ledger_check")
