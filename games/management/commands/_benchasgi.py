"""The site's ASGI app plus the two bare references the benchmarks measure it against.

``daphne games.management.commands._benchasgi:application`` serves everything ``club.asgi`` serves,
and also:

- ``/__bench/bare/``: a Django view that does nothing, behind the site's whole middleware stack;
- ``/__bench/ws/<group>/?size=N``: a websocket that joins channel-layer group ``bench.<group>`` and,
  for every message ``{"seq": k}`` it receives, broadcasts ``<div seq=k>`` padded to N characters to
  the group: the bare cost of daphne, the channel layer and the socket, with no database and no
  template.

Only the benchmarks start daphne with this module; production serves ``club.asgi``.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs

from channels.generic.websocket import AsyncWebsocketConsumer

from club.asgi import application as site_application  # sets Django up before the URLs load

from ._loadkit import install_bare_view

install_bare_view()


class BareBroadcastConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.group = "bench." + self.scope["path"].rstrip("/").rsplit("/", 1)[-1]
        query = parse_qs(self.scope.get("query_string", b"").decode())
        self.size = int(query.get("size", ["1000"])[0])
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        seq = int(json.loads(text_data or "{}").get("seq", 0))
        head = f"<div seq={seq}>"
        await self.channel_layer.group_send(
            self.group, {"type": "bench.frame", "text": head + "x" * max(0, self.size - len(head))}
        )

    async def bench_frame(self, event: dict[str, Any]) -> None:
        await self.send(text_data=event["text"])


_bare_socket = BareBroadcastConsumer.as_asgi()


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "websocket" and scope["path"].startswith("/__bench/ws/"):
        await _bare_socket(scope, receive, send)
        return
    await site_application(scope, receive, send)
