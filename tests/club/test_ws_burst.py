"""A burst of websockets against the real Redis: 300 sockets connecting at once and closing at once.

redis-py's default pool stops at 100 connections and raises MaxConnectionsError: 250 sockets
connecting at once gave 109 errors in group_add, and 300 closing at once left stale group entries.
The site's channel layer (club.channel_layer) uses a blocking pool, so a burst waits for a connection
instead.
"""

from __future__ import annotations

import asyncio
import logging
import os
from types import SimpleNamespace

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.conf import settings

from club.consumers import PingConsumer, user_group

pytestmark = [
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not settings.REDIS_URL,
                       reason="needs REDIS_URL (CI sets it); the in-memory layer has no pool"),
]

BURST = 300
PEOPLE = 30


def test_300_sockets_connect_and_close_at_once_without_errors_or_stale_groups(caplog):
    caplog.set_level(logging.WARNING)
    base = 50_000_000 + os.getpid() % 1_000_000 * 100  # groups of this run only
    # Ten sockets a person (club.consumers.MAX_SOCKETS_PER_USER refuses more than twelve).
    users = [SimpleNamespace(pk=base + i % PEOPLE, is_authenticated=True, preferred_language="")
             for i in range(BURST)]

    async def scenario() -> tuple[list, list, int, int]:
        import redis.asyncio as redis

        layer = get_channel_layer()
        communicators = []
        for user in users:
            c = WebsocketCommunicator(PingConsumer.as_asgi(), "/ws/ping/")
            c.scope["user"] = user
            communicators.append(c)
        connected = await asyncio.gather(*(c.connect(timeout=60) for c in communicators),
                                         return_exceptions=True)
        client = redis.Redis.from_url(settings.REDIS_URL)
        keys = [f"{layer.prefix}:group:{user_group(base + k)}" for k in range(PEOPLE)]
        members_open = sum([await client.zcard(key) for key in keys])
        # Every socket hears a message to its group.
        await layer.group_send(user_group(base), {"type": "user.notice", "text": "all here"})
        heard = await asyncio.gather(
            *(c.receive_json_from(timeout=30)
              for c, u in zip(communicators, users, strict=True) if u.pk == base),
            return_exceptions=True,
        )
        closed = await asyncio.gather(*(c.disconnect(timeout=60) for c in communicators),
                                      return_exceptions=True)
        members_after = sum([await client.zcard(key) for key in keys])
        await client.aclose()
        return (
            [r for r in connected if isinstance(r, BaseException) or not r[0]],
            [r for r in (*heard, *closed) if isinstance(r, BaseException) or (isinstance(r, dict) and
                                                                              r != {"notice": "all here"})],
            members_open,
            members_after,
        )

    refused, failed, members_open, members_after = async_to_sync(scenario)()

    assert not refused, refused[:3]
    assert not failed, failed[:3]
    assert members_open == BURST
    assert members_after == 0, "stale group entries after every socket closed"
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors[:3]]


def test_the_layer_uses_a_blocking_pool_sized_from_settings():
    import redis.asyncio as redis

    layer = get_channel_layer()
    pool = layer.create_pool(0)
    assert isinstance(pool, redis.BlockingConnectionPool)
    assert pool.max_connections == settings.CHANNEL_LAYERS["default"]["CONFIG"]["pool_max_connections"]
    assert pool.timeout == settings.CHANNEL_LAYERS["default"]["CONFIG"]["pool_timeout"]
    # The socket timeout that keeps idle consumers alive (test_websocket_layer) still reaches the pool.
    assert pool.connection_kwargs.get("socket_timeout") is None
