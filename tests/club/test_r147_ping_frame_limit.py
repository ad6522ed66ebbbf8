"""Review 147: the connection-status socket (``/ws/ping/``) took frames up to the site's transport
limit, 64 KiB, though its one message (``{"do": "ping", "seq": 17}``) is a few dozen bytes. Every
such frame was decoded, scanned for nesting, parsed and walked for NUL characters on the server's
event loop, at 20 a second per socket and twelve sockets per person: about 15 MB a second of JSON
work one account could ask of a process for nothing. The socket now refuses (``too_large``) and closes
(4009) any frame longer than a ping could be, as the table socket does above its own 4 KiB."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

from club.consumers import PingConsumer
from club.ws import CLOSE_TOO_LARGE
from games.consumers import MAX_MESSAGE_BYTES, TableConsumer

pytestmark = pytest.mark.django_db(transaction=True)


async def _connect(pk: int) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(PingConsumer.as_asgi(), "/ws/ping/")
    communicator.scope["user"] = SimpleNamespace(pk=pk, is_authenticated=True, preferred_language="")
    connected, _ = await communicator.connect(timeout=5)
    assert connected
    return communicator


def test_the_longest_ping_passes():
    async def scenario() -> None:
        c = await _connect(1471)
        longest = json.dumps({"do": "ping", "seq": -(10**18 - 1)})
        await c.send_to(text_data=longest)
        assert await c.receive_json_from(timeout=5) == {"pong": -(10**18 - 1)}
        await c.disconnect()

    async_to_sync(scenario)()


@pytest.mark.parametrize("size", [1024, 16 * 1024, 64 * 1024])
def test_a_frame_far_longer_than_a_ping_is_refused_and_the_socket_closed(size):
    async def scenario() -> None:
        c = await _connect(1472)
        empty = json.dumps({"do": "ping", "seq": 1, "pad": ""})
        frame = json.dumps({"do": "ping", "seq": 1, "pad": "x" * (size + 1 - len(empty))})
        assert len(frame) == size + 1
        await c.send_to(text_data=frame)
        answer = await c.receive_json_from(timeout=5)
        assert answer["error"] == "too_large", answer
        assert answer["limit"] <= 256
        assert await c.receive_output(timeout=5) == {"type": "websocket.close", "code": CLOSE_TOO_LARGE}

    async_to_sync(scenario)()


def test_the_table_socket_keeps_its_own_limit_below_the_transports():
    # The table socket's limit is its own (4 KiB: a move is a few dozen bytes), not the site's 64 KiB.
    assert TableConsumer.max_message_bytes == MAX_MESSAGE_BYTES == 4096
    assert TableConsumer().max_message_bytes == 4096
