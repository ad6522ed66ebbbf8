"""A table update sent by a worker thread of a server whose event loop has stopped (daphne after
SIGTERM, a move committing as it stops) was handed by asgiref to that loop, which no longer ran, and
waited for it for ever: the process never exited (measured in the browser tests: daphne held on
after SIGTERM until it was killed ten seconds later; a deployment's restart would wait its whole stop
timeout). It is now sent on a loop of the thread's own, so readers on other servers still get it."""

from __future__ import annotations

import asyncio
import os
import threading

import pytest
from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings

from games import broadcast


def _send_as_a_stopped_server_s_thread(messages: list[tuple[str, dict]]) -> bool:
    """``layer_send`` in a thread that works for a server loop that has stopped; True if it returned."""
    stopped = asyncio.new_event_loop()  # never run: a server's loop after SIGTERM
    returned = threading.Event()

    def work() -> None:
        SyncToAsync.threadlocal.main_event_loop = stopped
        SyncToAsync.threadlocal.main_event_loop_pid = os.getpid()
        broadcast.layer_send(messages)
        returned.set()

    threading.Thread(target=work, daemon=True).start()  # daemon: the old code's thread never ends
    try:
        return returned.wait(10)
    finally:
        stopped.close()


def test_a_send_on_a_stopped_server_reaches_the_other_servers_readers():
    if not settings.REDIS_URL:
        pytest.skip("needs REDIS_URL (CI sets it): readers on another server share Redis")
    layer = get_channel_layer()
    group = "table.987654.watch"

    async def reader() -> str:
        channel = await layer.new_channel()
        await layer.group_add(group, channel)
        return channel

    channel = async_to_sync(reader)()
    try:
        assert _send_as_a_stopped_server_s_thread([(group, {"type": "table.watch", "n": 7})]), "send hung"

        async def receive() -> dict:
            return await asyncio.wait_for(layer.receive(channel), 5)

        assert async_to_sync(receive)()["n"] == 7
    finally:
        async_to_sync(layer.group_discard)(group, channel)


def test_a_send_on_a_stopped_server_with_the_in_memory_layer_returns(memory_layer):
    # Every reader of an in-memory layer is in the stopping process: nothing to send, nothing to wait for.
    assert _send_as_a_stopped_server_s_thread([("table.987654.watch", {"type": "table.watch"})])
