"""Review 88: a table update that reached a socket whose browser had just gone (a reload mid-deal)
crashed the consumer: daphne raises autobahn's ``Disconnected`` from a send on a closed connection,
the consumer ended with it (an ERROR with a traceback in the server's log), and the disconnect that
follows found no consumer to run. So the socket's place in the player's budget of twelve was never
given back, its presence and heartbeat went on, and after twelve such reloads the player was
refused at every table ("too many open tables") until the server restarted. The send now counts as
the socket's end: nothing more is sent, and the disconnect gives everything back."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from autobahn.exception import Disconnected
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games import consumers
from games.consumers import TableConsumer
from games.services import table_sit

from .sockets import frames

# The in-memory channel layer (the fixture in conftest.py).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("memory_layer")]


def test_an_update_sent_to_a_closed_browser_gives_the_socket_back(make_table, players):
    table = make_table()
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    gone = {"now": False}
    sends_after: list[dict[str, Any]] = []
    inner = TableConsumer.as_asgi()

    async def server(scope: dict, receive: Any, send: Any) -> None:
        async def send_like_daphne(message: dict[str, Any]) -> None:
            if gone["now"] and message["type"] == "websocket.send":
                sends_after.append(message)
                raise Disconnected("Attempt to send on a closed protocol")
            await send(message)

        await inner(scope, receive, send_like_daphne)

    async def scenario() -> None:
        socket = WebsocketCommunicator(server, f"/ws/table/{table.pk}/", headers=[(b"origin", b"http://127.0.0.1")])
        socket.scope["user"] = players[0]
        socket.scope["url_route"] = {"kwargs": {"session_id": table.pk}}
        assert (await socket.connect(timeout=5))[0]
        await frames(socket)
        assert consumers._BUDGETS[players[0].pk].sockets == 1
        gone["now"] = True  # the browser reloads: its connection is closed, its disconnect not yet read
        await database_sync_to_async(table_sit)(session_id=table.pk, user=players[1], position=1, buy_in=200)
        await socket.receive_nothing(timeout=1)
        assert sends_after, "the update was not sent to the socket"
        await socket.send_input({"type": "websocket.disconnect", "code": 1001})
        await socket.wait(timeout=5)

    async_to_sync(scenario)()
    assert players[0].pk not in consumers._BUDGETS, "the closed socket still counts against the player"
