"""Review 61: the page asks its table for a fresh picture by itself (``{"do": "sync"}``: back in
sight after a while, a clock that ran out with nothing heard, a move with no answer). When the
database was away for a moment, the answer was the error frame of a failed move, in red: "The table
could not be reached just now; please make your move again." to a player who had made none, and the
page, having heard an answer, kept the old picture. The socket now closes as a server error (1011),
which the page answers with its "reconnecting" banner and a new connection that brings the table."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from django.db import OperationalError

from games import consumers
from games.services import table_sit

from .sockets import connect, frames

# The in-memory channel layer (the fixture in conftest.py).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("memory_layer")]


def test_a_sync_the_database_cannot_answer_closes_to_connect_again(make_table, players, monkeypatch):
    table = make_table()
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)

    def database_gone(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    async def scenario() -> tuple[list[str], int | None]:
        socket = await connect(players[0], table.pk)
        assert (await socket.connect(timeout=5))[0]
        await frames(socket)
        monkeypatch.setattr(consumers, "_frame", database_gone)
        await socket.send_json_to({"do": "sync"})
        said, code = [], None
        while not await socket.receive_nothing(timeout=1):
            output = await socket.receive_output(timeout=5)
            if output["type"] == "websocket.close":
                code = output.get("code")
                break
            said.append(output.get("text") or "")
        if code is None:
            await socket.disconnect()
        return said, code

    said, code = async_to_sync(scenario)()
    assert not [json.loads(f) for f in said if f.startswith("{")], said  # no "make your move again"
    assert code == 1011


def test_a_sit_down_the_database_cannot_answer_is_not_called_a_move(make_table, players, monkeypatch):
    """Review 87: after a database error under a sit-down sent over the socket, the refusal said
    "please make your move again" to a player who had made no move."""
    table = make_table()
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)

    def database_gone(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    async def scenario() -> list[dict]:
        socket = await connect(players[1], table.pk)
        assert (await socket.connect(timeout=5))[0]
        await frames(socket)
        monkeypatch.setattr(consumers, "table_sit", database_gone)
        await socket.send_json_to({"do": "sit", "position": 1, "buy_in": 200})
        said: list[dict] = []
        while not any("error" in f for f in said):
            text = (await socket.receive_output(timeout=10)).get("text") or ""
            if text.startswith("{"):
                said.append(json.loads(text))
        await socket.disconnect()
        return said

    error = next(f for f in async_to_sync(scenario)() if "error" in f)
    assert error["error"] == "try_again", error
    assert "move" not in error["message"] and "try again" in error["message"], error
