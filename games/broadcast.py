"""After a commit: compute each reader's view once and send it to his own group.

Engine views are computed here, once per seat of the deal plus once for spectators, and each goes to
that player's group only (``table.<id>.user.<user>``); spectators share ``table.<id>.watch``. The
deal's state, the deck and other hands never travel through the channel layer. Consumers render the
view to HTML in their reader's language.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from .engine import observe
from .models import Seat
from .selectors import deal_latest, table_get, table_public
from .services.dealing import deal_state

logger = logging.getLogger("games.broadcast")


def user_group(session_id: int, user_id: int) -> str:
    return f"table.{session_id}.user.{user_id}"


def watch_group(session_id: int) -> str:
    return f"table.{session_id}.watch"


def table_messages(session_id: int) -> list[tuple[str, dict[str, Any]]]:
    """(group, message) pairs for one table's update: a pure read, easy to test."""
    session = table_get(session_id=session_id)
    if session is None:
        return []
    deal = deal_latest(session)
    public = table_public(session, deal)
    out: list[tuple[str, dict[str, Any]]] = []
    viewers: list[int] = []
    if deal is not None:
        state = deal_state(deal)
        holders = Seat.objects.filter(pk__in=deal.players, member__isnull=False).values_list(
            "pk", "member__user_id"
        )
        for seat_id, user_id in holders:
            seat = deal.players.index(seat_id)
            viewers.append(user_id)
            out.append(
                (
                    user_group(session_id, user_id),
                    {"type": "table.view", "view": observe(state, seat), "seat": seat, "public": public},
                )
            )
        spectator = observe(state, None)
    else:
        spectator = None
    out.append(
        (
            watch_group(session_id),
            {"type": "table.watch", "view": spectator, "public": public, "viewers": viewers},
        )
    )
    return out


def layer_send(messages: list[tuple[str, dict[str, Any]]]) -> None:
    """Send (group, message) pairs through the channel layer, from synchronous code.

    Services run in worker threads (sync views, database_sync_to_async); a caller holding a running
    event loop in this thread (a browser-driving test) cannot wait for the layer, and sends nothing."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        pass
    else:
        logger.warning(
            "channel layer send from a thread running an event loop: %d message(s) not sent", len(messages)
        )
        return
    for group, message in messages:
        async_to_sync(layer.group_send)(group, message)


def table_push(session_id: int) -> None:
    layer_send(table_messages(session_id))
