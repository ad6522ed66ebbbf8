"""Websockets over the configured channel layer.

The trap: redis-py 8 sets a 5-second socket timeout by default, and channels-redis 4.3 then drops a
consumer that gets no channel-layer message for 5 s (close code 1011). Settings give every Redis
host `socket_timeout: None`; this test holds a socket idle for 10 s and then uses it.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.conf import settings

from club.asgi import application
from club.consumers import PingConsumer, user_group

REDIS = bool(settings.REDIS_URL)
# Channels closes stale database connections around each message, so the consumers touch the database.
pytestmark = pytest.mark.django_db(transaction=True)


def _user(pk: int) -> SimpleNamespace:
    return SimpleNamespace(pk=pk, is_authenticated=True)


async def _connect(pk: int) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(PingConsumer.as_asgi(), "/ws/ping/")
    communicator.scope["user"] = _user(pk)
    connected, _ = await communicator.connect(timeout=5)
    assert connected
    return communicator


@pytest.mark.redis
@pytest.mark.skipif(not REDIS, reason="needs REDIS_URL (CI sets it); the in-memory layer has no socket")
def test_redis_layer_survives_ten_idle_seconds() -> None:
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"].endswith("RedisChannelLayer")
    hosts = settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"]
    assert all(h.get("socket_timeout", "unset") is None for h in hosts)

    async def scenario() -> None:
        communicator = await _connect(9_001)
        await asyncio.sleep(10.5)
        # Still open: a dropped consumer would have sent a close (1011) by now.
        assert await communicator.receive_nothing(timeout=0.2)
        await get_channel_layer().group_send(user_group(9_001), {"type": "user.notice", "text": "still here"})
        assert await communicator.receive_json_from(timeout=5) == {"notice": "still here"}
        await communicator.send_json_to({"do": "ping", "seq": 3})
        assert await communicator.receive_json_from(timeout=5) == {"pong": 3}
        await communicator.disconnect()

    async_to_sync(scenario)()


def test_group_message_reaches_every_tab_of_the_user() -> None:
    async def scenario() -> None:
        first, second = await _connect(42), await _connect(42)
        other = await _connect(43)
        await get_channel_layer().group_send(user_group(42), {"type": "user.notice", "text": "hello"})
        assert await first.receive_json_from(timeout=5) == {"notice": "hello"}
        assert await second.receive_json_from(timeout=5) == {"notice": "hello"}
        assert await other.receive_nothing(timeout=0.3)
        for c in (first, second, other):
            await c.disconnect()

    async_to_sync(scenario)()


def test_bad_message_gets_an_answer_and_the_socket_stays_open() -> None:
    async def scenario() -> None:
        c = await _connect(7)
        await c.send_json_to(["not", "an", "object"])
        answer = await c.receive_json_from(timeout=5)
        assert answer["error"] == "bad_message"
        await c.send_json_to({"do": "ping", "seq": 1})
        assert await c.receive_json_from(timeout=5) == {"pong": 1}
        await c.disconnect()

    async_to_sync(scenario)()


def test_anonymous_socket_is_refused_and_foreign_origin_rejected() -> None:
    async def scenario() -> None:
        anon = WebsocketCommunicator(application, "/ws/ping/",
                                     headers=[(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")])
        connected, code = await anon.connect(timeout=5)
        assert not connected and code == 4401
        evil = [(b"origin", b"http://evil.example"), (b"host", b"127.0.0.1")]
        foreign = WebsocketCommunicator(application, "/ws/ping/", headers=evil)
        connected, _ = await foreign.connect(timeout=5)
        assert not connected

    async_to_sync(scenario)()
