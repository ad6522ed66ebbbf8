"""Review 87: the database connection dropped while a move's COMMIT was on its way (a PostgreSQL
restart, pg_terminate_backend, a network blip). The commit may have happened without the server
hearing so: Django then raises and drops the transaction's on-commit callbacks, which are the only
way an update reaches the sockets. The mover was told "make your move again", and every other
player's page kept the old picture although the table had moved on: the next player's clock ran in
the database while his page showed someone else's turn, until it ran out and the default move was
made for him. Now after a database error under a move the table's picture is sent again to
everyone (read afresh: the move is in it if it was committed, and nothing changed if not), and the
mover is asked to move again only if his move is not in it."""

from __future__ import annotations

import threading

import pytest
from asgiref.sync import async_to_sync
from django.db import OperationalError, connection
from django.db.backends.base.base import BaseDatabaseWrapper

from games import consumers
from games.management.commands._loadkit import frame_info, frame_moves
from games.models import DealAction

from .conftest import sit_all, start_deal
from .sockets import connect, error_of, frames, is_error

# The in-memory channel layer (the fixture in conftest.py).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("memory_layer")]


def test_a_move_committed_unheard_reaches_every_page(make_table, players, monkeypatch):
    table = make_table()
    sit_all(table, players)
    if connection.vendor == "postgresql":
        # A move names its deal by id; the table's first deal is number 1: on a fresh database the
        # two agreed, and a lookup by number passed here while failing in any real club.
        with connection.cursor() as cursor:
            cursor.execute("SELECT setval(pg_get_serial_sequence('games_deal', 'id'), 1000)")
    deal = start_deal(table)
    assert connection.vendor != "postgresql" or deal.pk != deal.number
    armed = threading.local()
    real_commit, real_act = BaseDatabaseWrapper._commit, consumers.table_act

    def commit_then_lose_the_answer(self):
        real_commit(self)  # committed on the server...
        if getattr(armed, "on", False):
            armed.on = False
            raise OperationalError("server closed the connection unexpectedly")  # ...unheard

    def act(**kwargs):
        armed.on = True
        try:
            return real_act(**kwargs)
        finally:
            armed.on = False

    monkeypatch.setattr(BaseDatabaseWrapper, "_commit", commit_then_lose_the_answer)
    monkeypatch.setattr(consumers, "table_act", act)

    async def until_moved(socket) -> list[str]:
        """The frames a socket gets until one shows the move (or 20 s of waiting for it)."""
        seen: list[str] = []
        while not seen or is_error(seen[-1]) or frame_info(seen[-1]).seq < 1:
            if await socket.receive_nothing(timeout=20):
                break  # (receive_output's own timeout would cancel the consumer)
            output = await socket.receive_output(timeout=5)
            if output["type"] == "websocket.close":
                break
            seen.append(output.get("text") or "")
        return seen

    async def scenario() -> tuple[list[str], list[list[str]]]:
        sockets = [await connect(user, table.pk) for user in players]
        firsts = []
        for socket in sockets:
            assert (await socket.connect(timeout=5))[0]
            firsts.append([f for f in await frames(socket) if not is_error(f)][-1])
        mover = next(i for i, text in enumerate(firsts) if frame_info(text).my_turn)
        await sockets[mover].send_json_to(frame_moves(firsts[mover])[0])
        said = await until_moved(sockets[mover])
        others = [await until_moved(s) for i, s in enumerate(sockets) if i != mover]
        for socket in sockets:
            await socket.disconnect()
        return said, others

    said, others = async_to_sync(scenario)()
    moved = DealAction.objects.filter(deal=deal).count()
    assert moved == 1  # the commit happened
    # The mover is not asked for a move he has made: his page shows it made.
    assert not [error_of(f) for f in said if is_error(f)]
    for seen in [said, *others]:  # every page shows the move, not the table before it
        shown = [frame_info(f) for f in seen if not is_error(f)]
        assert shown and shown[-1].seq == 1, [s and s.seq for s in shown]
