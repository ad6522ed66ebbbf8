"""A table socket whose connect fails gives back what it took (review 12).

A person may hold twelve table sockets in a server process (``MAX_SOCKETS_PER_USER``); each connect
counted one before joining its channel-layer groups and marking presence. A connect that failed
there (Redis restarting, which the page answers by connecting again with backoff; the database gone
for a moment) never got a disconnect, so its place was never given back: after twelve such failures
the player read "You have 12 tables open already" at every table until the process restarted.
"""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import DatabaseError
from redis.exceptions import RedisError

from games import consumers
from games.services import presence

from .sockets import connect, error_of, frames, is_error

pytestmark = pytest.mark.django_db(transaction=True)

LIMIT = 2  # the twelve of the site, made small so a failing connect's seconds add up to little


@pytest.fixture(autouse=True)
def _small_limit(monkeypatch):
    monkeypatch.setattr(consumers, "MAX_SOCKETS_PER_USER", LIMIT)


async def _fails(user, table_id: int, error: type[BaseException]) -> None:
    socket = await connect(user, table_id)
    # Waits for the consumer itself to fail (before or after it accepted the handshake), not for
    # output a consumer that raised never sends (each wait sat out its whole timeout).
    await socket.send_input({"type": "websocket.connect"})
    with pytest.raises(error):
        await socket.wait(timeout=5)


async def _opens(user, table_id: int) -> list[str]:
    socket = await connect(user, table_id)
    connected, _code = await socket.connect(timeout=5)
    got = await frames(socket) if connected else []
    await socket.disconnect()
    return got if connected else ["refused"]


def test_connects_failing_on_the_channel_layer_leave_the_player_his_places(make_table, players, monkeypatch):
    table = make_table()
    layer = get_channel_layer()
    group_add = layer.group_add

    async def down(*args, **kwargs):
        raise RedisError("the channel layer restarts")

    monkeypatch.setattr(layer, "group_add", down)

    async def while_down() -> None:
        for _ in range(LIMIT + 2):
            await _fails(players[0], table.pk, RedisError)

    async_to_sync(while_down)()
    monkeypatch.setattr(layer, "group_add", group_add)
    assert players[0].pk not in consumers._BUDGETS
    got = async_to_sync(_opens)(players[0], table.pk)
    assert got and not any(is_error(f) and error_of(f)["error"] == "too_many_sockets" for f in got)
    assert not is_error(got[0])  # the table itself


def test_connects_failing_on_the_database_leave_the_player_his_places(make_table, players, monkeypatch):
    table = make_table()

    def gone(**kwargs):
        raise DatabaseError("the database went away")

    monkeypatch.setattr(consumers, "presence_join", gone)

    async def while_gone() -> None:
        for _ in range(LIMIT + 2):
            await _fails(players[1], table.pk, DatabaseError)

    async_to_sync(while_gone)()
    monkeypatch.setattr(consumers, "presence_join", presence.presence_join)
    assert players[1].pk not in consumers._BUDGETS
    got = async_to_sync(_opens)(players[1], table.pk)
    assert got and not is_error(got[0])
