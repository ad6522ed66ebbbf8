"""After a commit: compute each reader's view once and send it to his own group.

Engine views are computed here, once per seat of the deal plus once for spectators, and each goes to
that player's group only (``table.<id>.user.<user>``); spectators share ``table.<id>.watch``. The
deal's state, the deck and other hands never travel through the channel layer. Consumers render the
view to HTML in their reader's language.

Inside a server (a commit made in a worker thread of daphne's event loop) the update is not sent from
the committing thread: ``table_push_soon`` hands the table to that loop's ``_Pusher``, which reads
the views in a worker thread and sends them from the loop, one update in flight per table; changes
made while one is in flight are folded into one more update (each is a full picture, so the last one
is all a reader needs). Presence-only changes wait a moment (``PRESENCE_DELAY``) so that four players
connecting at once make one update, not four. Anywhere else (the table clock's thread, Celery, a
management command, a test calling a service) the update is sent before the call returns.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from asgiref.sync import SyncToAsync, async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from .engine import observe
from .selectors import table_latest, table_public_seats
from .services.dealing import deal_state

logger = logging.getLogger("games.broadcast")


def user_group(session_id: int, user_id: int) -> str:
    return f"table.{session_id}.user.{user_id}"


def watch_group(session_id: int) -> str:
    return f"table.{session_id}.watch"


def table_messages(session_id: int) -> list[tuple[str, dict[str, Any]]]:
    """(group, message) pairs for one table's update: a pure read, easy to test."""
    session, deal = table_latest(session_id=session_id)
    if session is None:
        return []
    public, played = table_public_seats(session, deal)
    out: list[tuple[str, dict[str, Any]]] = []
    viewers: list[int] = []
    if deal is not None:
        state = deal_state(deal)
        for seat, seat_id in enumerate(deal.players):
            holder = played[seat_id]
            if holder.member_id is None:
                continue
            user_id = holder.member.user_id
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
    async_to_sync(_send_all)(layer, messages)


async def _send_all(layer: Any, messages: list[tuple[str, dict[str, Any]]]) -> None:
    for group, message in messages:
        await layer.group_send(group, message)


def table_push(session_id: int) -> None:
    """Send one table's update now, from synchronous code. A commit is not undone by a channel layer
    that is down (Redis restarting): the failure is logged, and readers get the table again when
    they reconnect or the next update comes."""
    try:
        layer_send(table_messages(session_id))
    except Exception:
        logger.exception("table %s: the update could not be sent", session_id)


def _server_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop of the server this thread works for (asgiref records it in every thread that
    runs sync code for a loop), if it is still running."""
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    if loop is None or loop.is_closed() or not loop.is_running():
        return None
    try:
        if asyncio.get_running_loop() is loop:
            return None  # called on the loop itself: no thread to spare it
    except RuntimeError:
        pass
    return loop


def table_push_soon(session_id: int, *, delay: float = 0.0) -> None:
    """Send one table's update: through the server's loop if this thread works for one, else now."""
    loop = _server_loop()
    if loop is None:
        table_push(session_id)
        return
    loop.call_soon_threadsafe(_Pusher.of(loop).request, session_id, delay)


class _Pusher:
    """One per event loop: at most one update in flight per table. A change is sent at once; a
    presence-only change (``delay``) within ``delay`` seconds of the table's last update waits for
    the end of that window, and whatever else changed by then goes in the same update."""

    _by_loop: dict[int, _Pusher] = {}

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.tables: dict[int, _Owed] = {}
        self.tasks: set[asyncio.Task[None]] = set()

    @classmethod
    def of(cls, loop: asyncio.AbstractEventLoop) -> _Pusher:
        pusher = cls._by_loop.get(id(loop))
        if pusher is None or pusher.loop is not loop:
            pusher = cls._by_loop[id(loop)] = cls(loop)
        return pusher

    def request(self, session_id: int, delay: float) -> None:
        owed = self.tables.get(session_id)
        if owed is not None:
            owed.owe(urgent=not delay)
            return
        owed = self.tables[session_id] = _Owed(window=delay)
        task = self.loop.create_task(self._run(session_id, owed))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _run(self, session_id: int, owed: _Owed) -> None:
        try:
            while True:
                owed.clear()
                await self._push(session_id)
                # The window after an update: a presence change waits for its end, a move does not.
                deadline = self.loop.time() + owed.window
                while not owed.urgent:
                    left = deadline - self.loop.time()
                    if left <= 0:
                        break
                    owed.wake.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(owed.wake.wait(), left)
                if not owed.owed:
                    return
        finally:
            self.tables.pop(session_id, None)

    async def _push(self, session_id: int) -> None:
        try:
            messages = await database_sync_to_async(table_messages, thread_sensitive=False)(session_id)
            layer = get_channel_layer()
            if layer is not None:
                await _send_all(layer, messages)
        except RuntimeError as exc:
            if "shutdown" not in str(exc):
                raise
            logger.debug("table %s: the server is stopping, no update sent", session_id)
        except Exception:
            logger.exception("table %s: the update could not be sent", session_id)


class _Owed:
    """What one table is owed beyond the update in flight."""

    def __init__(self, window: float) -> None:
        self.window = window
        self.owed = False
        self.urgent = False
        self.wake = asyncio.Event()

    def owe(self, *, urgent: bool) -> None:
        self.owed = True
        self.urgent = self.urgent or urgent
        self.wake.set()

    def clear(self) -> None:
        self.owed = self.urgent = False
