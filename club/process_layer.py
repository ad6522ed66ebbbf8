"""The channel layer of the embedded default (no ``REDIS_URL``): channels' in-memory layer, callable
from any thread of the process.

The in-memory layer keeps its queues and groups in plain dicts and ``asyncio.Queue`` objects that
belong to the event loop of the server that reads them. The table clock (games/ticker.py), the
periodic jobs and the in-process Celery tasks send from threads of their own, each through an event
loop of its own (``async_to_sync``): a message they queued woke the waiting socket only when the
server's loop woke for something else (daphne's checker, once a second: every bot's move and every
default move showed up to a second late), and their cleaning of expired groups walked dicts the
server's loop was changing at the same moment. Here every call made on another loop runs on the
loop that reads the layer, which ``call_soon_threadsafe`` wakes at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

from channels.layers import InMemoryChannelLayer

#: How long a call from another thread waits for the reading loop (a server shutting down).
HOP_TIMEOUT = 10.0


class ProcessChannelLayer(InMemoryChannelLayer):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: The loop of the server's sockets: the last one that read or joined a group here.
        self._home: asyncio.AbstractEventLoop | None = None

    def _home_if_elsewhere(self) -> asyncio.AbstractEventLoop | None:
        home = self._home
        if home is None or home.is_closed() or not home.is_running():
            return None  # no server reads (a command, a test's finished loop): send where called
        try:
            if asyncio.get_running_loop() is home:
                return None
        except RuntimeError:
            pass
        return home

    async def _run_at_home(self, call: Coroutine[Any, Any, Any]) -> Any:
        home = self._home_if_elsewhere()
        if home is None:
            return await call
        return await asyncio.wait_for(
            asyncio.wrap_future(asyncio.run_coroutine_threadsafe(call, home)), HOP_TIMEOUT
        )

    async def receive(self, channel: str) -> dict[str, Any]:
        self._home = asyncio.get_running_loop()
        return await super().receive(channel)

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        await self._run_at_home(super().send(channel, message))

    async def group_add(self, group: str, channel: str) -> None:
        if self._home_if_elsewhere() is None:
            self._home = asyncio.get_running_loop()
        await self._run_at_home(super().group_add(group, channel))

    async def group_discard(self, group: str, channel: str) -> None:
        await self._run_at_home(super().group_discard(group, channel))

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        await self._run_at_home(super().group_send(group, message))

    async def flush(self) -> None:
        await self._run_at_home(super().flush())
