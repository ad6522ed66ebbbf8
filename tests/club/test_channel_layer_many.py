"""``PooledRedisChannelLayer.group_send_many``: what ``group_send`` of each pair would queue, for
every member of every group, in order, in a few round trips."""

from __future__ import annotations

import uuid

import pytest
from asgiref.sync import async_to_sync
from django.conf import settings

from club.channel_layer import PooledRedisChannelLayer

pytestmark = [
    pytest.mark.redis,
    pytest.mark.skipif(not settings.REDIS_URL, reason="needs REDIS_URL (CI sets it): a Redis layer"),
]


def _layer(prefix: str = "", **config) -> PooledRedisChannelLayer:
    return PooledRedisChannelLayer(
        hosts=[{"address": settings.REDIS_URL, "socket_timeout": None}],
        prefix=prefix or f"test-many-{uuid.uuid4().hex[:8]}",
        **config,
    )


def test_each_member_of_each_group_gets_its_groups_messages_in_order() -> None:
    async def scenario() -> None:
        prefix = f"test-many-{uuid.uuid4().hex[:8]}"
        layer, elsewhere = _layer(prefix), _layer(prefix)  # two server processes
        # Two sockets of one process (one Redis key between them), one of another, one in two groups.
        here_a, here_b = await layer.new_channel(), await layer.new_channel()
        there = await elsewhere.new_channel()
        await layer.group_add("table.1.user.1", here_a)
        await layer.group_add("table.1.user.2", here_b)
        await layer.group_add("table.1.user.2", there)
        await layer.group_add("table.1.watch", there)
        await layer.group_add("table.1.watch", here_a)
        sent = [
            ("table.1.user.1", {"type": "table.view", "seat": 0}),
            ("table.1.user.2", {"type": "table.view", "seat": 1}),
            ("table.1.watch", {"type": "table.watch", "seat": None}),
            ("table.1.nobody", {"type": "table.view", "seat": 3}),
        ]
        await layer.group_send_many(sent)
        got = {}
        for on, channel, count in ((layer, here_a, 2), (layer, here_b, 1), (elsewhere, there, 2)):
            got[channel] = [(await on.receive(channel))["seat"] for _ in range(count)]
        assert got == {here_a: [0, None], here_b: [1], there: [1, None]}
        await layer.flush()

    async_to_sync(scenario)()


def test_a_full_channel_drops_the_message_as_group_send_does() -> None:
    async def scenario() -> None:
        layer = _layer(capacity=2)
        channel = await layer.new_channel()
        await layer.group_add("g", channel)
        await layer.group_send_many([("g", {"type": "m", "n": n}) for n in range(4)])
        assert [(await layer.receive(channel))["n"] for _ in range(2)] == [0, 1]
        await layer.group_send_many([("g", {"type": "m", "n": 9})])
        assert (await layer.receive(channel))["n"] == 9
        await layer.flush()

    async_to_sync(scenario)()
