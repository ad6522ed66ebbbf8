"""A small websocket a page uses to know its live connection works (connection status, round-trip
time). It joins a per-user group, so a message sent through the channel layer reaches every tab of
that user: the same path table updates take."""

from __future__ import annotations

import logging
from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils.translation import gettext_lazy as _

from .ws import JsonSocketConsumer

logger = logging.getLogger("club.ws")


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


#: Ping sockets one person may hold open in one server process (a table page's tab holds one at most).
#: Without a limit one account held thousands, each a connection, memory of the process and an entry
#: of the channel layer's group, as table sockets once did (``games.consumers.MAX_SOCKETS_PER_USER``).
MAX_SOCKETS_PER_USER = 12
_OPEN: dict[int, int] = {}
#: The longest frame a ping socket takes, in bytes. Its one message, ``{"do": "ping", "seq": n}``, is
#: under 60; at the site's 64 KiB every frame was still decoded, scanned and parsed on the event loop
#: (20 a second, twelve sockets a person) for a message that can never be that long.
PING_MAX_MESSAGE_BYTES = 256


class PingConsumer(JsonSocketConsumer):
    max_message_bytes = PING_MAX_MESSAGE_BYTES

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        if _OPEN.get(user.pk, 0) >= MAX_SOCKETS_PER_USER:
            logger.info("websocket %s: user %s holds too many, refused", self.scope.get("path", "?"), user.pk)
            await self.close(code=4429)  # before accepting: the handshake is refused
            return
        _OPEN[user.pk] = _OPEN.get(user.pk, 0) + 1
        self.counted = user.pk
        try:
            group = user_group(user.pk)
            await self.channel_layer.group_add(group, self.channel_name)
            self.group = group
            await self.accept()
        except BaseException:
            self._give_back()  # a connect that fails gets no disconnect: its place is given back here
            raise

    def _give_back(self) -> None:
        counted = getattr(self, "counted", None)
        if counted is not None:
            self.counted = None
            left = _OPEN.get(counted, 1) - 1
            if left > 0:
                _OPEN[counted] = left
            else:
                _OPEN.pop(counted, None)

    async def disconnect(self, code: int) -> None:
        self._give_back()
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_message(self, message: dict[str, Any]) -> None:
        if message.get("do") != "ping":
            await self.send_error("bad_message", _('Expected {"do": "ping"}.'))
            return
        seq = message.get("seq")
        await self.send_json({"pong": seq if isinstance(seq, int) and not isinstance(seq, bool) else None})

    async def user_notice(self, event: dict[str, Any]) -> None:
        """Relay a ``{"type": "user.notice", "text": ...}`` channel-layer message to the browser."""
        await self.send_json({"notice": str(event.get("text", ""))})


class NoSuchSocket(AsyncWebsocketConsumer):
    """Every websocket path no route names (``/ws/table/-1/``, ``/ws/anything``): refused at the
    handshake (403) with one line in the log. Channels' router raised ValueError for them: a 500 and
    an ERROR with a traceback for any client who typed a path, as often as he liked."""

    async def connect(self) -> None:
        logger.info("websocket %r: no such path, refused", str(self.scope.get("path", "?"))[:200])
        await self.close()
