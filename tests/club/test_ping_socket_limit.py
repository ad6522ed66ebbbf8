"""One person holds at most ``MAX_SOCKETS_PER_USER`` ping sockets in a server process (review 12).

Table sockets were limited after an outside review slowed the site with sixty of them; the ping
socket (``/ws/ping/``, open to every logged-in user) was not: one account held 3,000 open against a
running server, each a connection, about 30 KB of the process's memory and an entry in the channel
layer's group, with no end but the process's file limit. The next is refused at the handshake; a
socket closed gives its place back, and other people are not affected.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

from club import consumers
from club.consumers import MAX_SOCKETS_PER_USER, PingConsumer

pytestmark = pytest.mark.django_db(transaction=True)


def _socket(pk: int) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(PingConsumer.as_asgi(), "/ws/ping/")
    communicator.scope["user"] = SimpleNamespace(pk=pk, is_authenticated=True, preferred_language="")
    return communicator


def test_one_person_opens_at_most_the_limit_and_a_closed_socket_frees_its_place():
    assert MAX_SOCKETS_PER_USER <= 20

    async def scenario() -> None:
        mine = [_socket(71) for _ in range(MAX_SOCKETS_PER_USER)]
        for socket in mine:
            assert (await socket.connect(timeout=5))[0]
        extra = _socket(71)
        connected, code = await extra.connect(timeout=5)
        assert not connected and code == 4429
        # Somebody else still gets in.
        other = _socket(72)
        assert (await other.connect(timeout=5))[0]
        # One closed: one more may open, and it works.
        await mine[0].disconnect()
        again = _socket(71)
        assert (await again.connect(timeout=5))[0]
        await again.send_json_to({"do": "ping", "seq": 5})
        assert await again.receive_json_from(timeout=5) == {"pong": 5}
        for socket in [*mine[1:], again, other]:
            await socket.disconnect()

    async_to_sync(scenario)()
    assert 71 not in consumers._OPEN and 72 not in consumers._OPEN  # every place given back


def test_a_connect_that_fails_gives_its_place_back(monkeypatch):
    from channels.layers import get_channel_layer

    layer = get_channel_layer()

    async def broken(*args, **kwargs):
        raise OSError("the channel layer is down")

    monkeypatch.setattr(layer, "group_add", broken)

    async def scenario() -> None:
        for _ in range(MAX_SOCKETS_PER_USER + 2):
            socket = _socket(73)
            # Waits for the consumer itself to fail, not 5 s for an answer that never comes (a
            # failing consumer sends nothing: connect() sat out its whole timeout each time).
            await socket.send_input({"type": "websocket.connect"})
            with pytest.raises(OSError):
                await socket.wait(timeout=5)

    async_to_sync(scenario)()
    assert 73 not in consumers._OPEN
