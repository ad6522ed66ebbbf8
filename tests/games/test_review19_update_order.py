"""Two pictures of a table read one after the other can reach a socket the wrong way round: each
server process (and the table clock's thread, and a Celery worker) sends its own updates through the
channel layer, and nothing orders one sender's against another's. Each update is the whole table, so
the older one, arriving last, put the table back as it was: a player who had just sat down saw his
seat free again (no "Leave the table", a second "Sit down" refused as already seated) until some
other change came, minutes later at a quiet table. The page only orders frames by deal and move,
which a sit, a stand-up or "away" do not change."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer

from games.broadcast import table_messages
from games.services import table_sit

from .sockets import connect, frames, is_error

# The in-memory channel layer (the fixture in conftest.py).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("memory_layer")]


def test_an_older_picture_arriving_after_a_newer_one_is_not_shown(make_table, players):
    table = make_table()
    vera = players[0]

    async def scenario() -> list[str]:
        socket = await connect(vera, table.pk)
        assert (await socket.connect(timeout=5))[0]
        await frames(socket)
        before = await sync_to_async(table_messages)(table.pk)  # read before she sits (another process)
        await sync_to_async(table_sit)(session_id=table.pk, user=vera, position=0, buy_in=200)
        after = await sync_to_async(table_messages)(table.pk)
        await frames(socket)  # what the sit itself sent, if anything
        layer = get_channel_layer()
        for group, message in [*after, *before]:  # the newer arrives first
            await layer.group_send(group, message)
        got = [f for f in await frames(socket) if not is_error(f)]
        await socket.disconnect()
        return got

    got = async_to_sync(scenario)()
    assert got, "no frame came"
    last = got[-1]
    assert 'id="leave-button"' in last, "the last frame shows her seat free again"
