"""A small websocket a page uses to know its live connection works (connection status, round-trip
time). It joins a per-user group, so a message sent through the channel layer reaches every tab of
that user: the same path table updates take."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from .ws import JsonSocketConsumer


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


class PingConsumer(JsonSocketConsumer):
    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        self.group = user_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
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
