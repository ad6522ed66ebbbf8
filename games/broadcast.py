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
import os
import time
from typing import Any

from asgiref.sync import SyncToAsync, async_to_sync
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer

from .engine import observe
from .seat_view import seat_view
from .selectors import seat_gone_from, table_latest, table_public_parts
from .services.dealing import deal_state

logger = logging.getLogger("games.broadcast")


def user_group(session_id: int, user_id: int) -> str:
    return f"table.{session_id}.user.{user_id}"


def watch_group(session_id: int) -> str:
    return f"table.{session_id}.watch"


def table_messages(session_id: int) -> list[tuple[str, dict[str, Any]]]:
    """(group, message) pairs for one table's update: a pure read, easy to test. Each message
    carries ``read_at``, the wall-clock time its reading began.

    The spectators' picture goes out only if somebody not playing the deal has a socket counted
    open: otherwise every player's socket would receive it only to drop it. A spectator joins the
    group before his socket is counted, and reads the table himself after that, so an update read
    before he was counted is in the picture he reads."""
    read_at = time.time()
    session, deal = table_latest(session_id=session_id)
    if session is None:
        return []
    public, played, connected = table_public_parts(session, deal)
    out: list[tuple[str, dict[str, Any]]] = []
    viewers: list[int] = []
    if deal is not None:
        state = deal_state(deal)
        for seat, seat_id in enumerate(deal.players):
            holder = played[seat_id]
            if holder.member_id is None or seat_gone_from(deal, holder):
                continue  # a bot, or a seat that sat the deal out and left: he watches
            user_id = holder.member.user_id
            viewers.append(user_id)
            out.append(
                (
                    user_group(session_id, user_id),
                    {
                        "type": "table.view",
                        "view": seat_view(state, seat),
                        "seat": seat,
                        "public": public,
                        "read_at": read_at,
                    },
                )
            )
        spectator = observe(state, None)
    else:
        spectator = None
    if not connected - set(viewers):
        return out
    out.append(
        (
            watch_group(session_id),
            {
                "type": "table.watch",
                "view": spectator,
                "public": public,
                "viewers": viewers,
                "read_at": read_at,
            },
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
    if _server_stopped():
        # asgiref would hand the send to the server's loop, which no longer runs, and wait for it for
        # ever: the process, stopping, never exited (daphne waited on this thread after SIGTERM until
        # it was killed). Sent on a loop of this thread's own, so that readers on other servers still
        # get the move; an in-memory layer's readers are all in this stopping process.
        if isinstance(layer, InMemoryChannelLayer):
            return
        asyncio.run(_send_all(layer, messages))
        return
    async_to_sync(_send_all)(layer, messages)


def _server_stopped() -> bool:
    """This thread does sync work for a server's event loop (asgiref's record) that has stopped."""
    if getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None) != os.getpid():
        return False  # no record, or one from before a fork: asgiref makes a loop of its own
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    return loop is not None and (loop.is_closed() or not loop.is_running())


async def _send_all(layer: Any, messages: list[tuple[str, dict[str, Any]]]) -> None:
    send_many = getattr(layer, "group_send_many", None)  # the Redis layer: a few round trips for all
    if send_many is not None:
        await send_many(messages)
        return
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
    """Send one table's update: through the server's loop if this thread works for one, else now.

    A change (``delay`` 0) is read here, in the thread that committed it (its connection is open
    and no other thread has to be woken for it), and only the sending is handed to the loop. A
    presence-only change is handed to the loop whole (``_Pusher.request``)."""
    loop = _server_loop()
    if loop is None:
        table_push(session_id)
        return
    if delay:
        loop.call_soon_threadsafe(_Pusher.of(loop).request, session_id, delay)
        return
    try:
        stamp, messages = _read(session_id)
    except Exception:
        logger.exception("table %s: the update could not be read", session_id)
        return
    loop.call_soon_threadsafe(_Pusher.of(loop).deliver, session_id, stamp, messages)


def table_push_later(session_id: int, *, after: float, window: float) -> None:
    """A presence-only update ``after`` seconds from now, through the server's loop: a seated
    player's page grace ending (``games.services.presence.PAGE_GRACE``) changes what the watchers
    are offered with nothing else to send it. Outside a server, nothing (the page reads it anew)."""
    loop = _server_loop()
    if loop is None:
        return
    pusher = _Pusher.of(loop)
    loop.call_soon_threadsafe(loop.call_later, after, pusher.request, session_id, window)


def _read(session_id: int) -> tuple[float, list[tuple[str, dict[str, Any]]]]:
    """The table's update and when its reading began (reads that began later saw every commit an
    earlier one saw, so a later stamp is never an older picture)."""
    stamp = time.monotonic()
    return stamp, table_messages(session_id)


class _Pusher:
    """One per event loop. Sends each table's updates in the order they were read, one send in
    flight per table; an update read before one already sent is dropped (each is a full picture).
    Presence-only changes: the first is read at once; more within ``delay`` seconds of the table's
    last update wait for the end of that window and make one update, unless an update read after
    them has gone out meanwhile."""

    _by_loop: dict[int, _Pusher] = {}

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.tables: dict[int, _Owed] = {}
        self.latest: dict[int, float] = {}  # table -> stamp of the newest update handed over
        self.outbox: dict[int, list[tuple[str, dict[str, Any]]]] = {}
        self.tasks: set[asyncio.Task[None]] = set()

    @classmethod
    def of(cls, loop: asyncio.AbstractEventLoop) -> _Pusher:
        pusher = cls._by_loop.get(id(loop))
        if pusher is None or pusher.loop is not loop:
            pusher = cls._by_loop[id(loop)] = cls(loop)
        return pusher

    def _spawn(self, coroutine: Any) -> None:
        task = self.loop.create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # --- sending --------------------------------------------------------------------------------

    def deliver(self, session_id: int, stamp: float, messages: list[tuple[str, dict[str, Any]]]) -> None:
        if stamp < self.latest.get(session_id, float("-inf")):
            return
        self.latest[session_id] = stamp
        owed = self.tables.get(session_id)
        if owed is not None and owed.since is not None and owed.since <= stamp:
            owed.clear()  # the presence change is in this picture already
        sending = session_id in self.outbox
        self.outbox[session_id] = messages
        if not sending:
            self._spawn(self._send(session_id))

    async def _send(self, session_id: int) -> None:
        layer = get_channel_layer()
        try:
            while True:
                messages = self.outbox[session_id]
                if layer is not None:
                    try:
                        await _send_all(layer, messages)
                    except Exception:
                        logger.exception("table %s: the update could not be sent", session_id)
                if self.outbox[session_id] is messages:
                    return
        finally:
            self.outbox.pop(session_id, None)
            if len(self.latest) > 4096:  # tables long quiet are forgotten
                horizon = time.monotonic() - 60
                self.latest = {k: v for k, v in self.latest.items() if v > horizon}

    # --- presence-only changes ------------------------------------------------------------------

    def request(self, session_id: int, delay: float) -> None:
        owed = self.tables.get(session_id)
        if owed is not None:
            owed.owe(time.monotonic())
            return
        owed = self.tables[session_id] = _Owed(window=delay)
        owed.owe(time.monotonic())
        self._spawn(self._run(session_id, owed))

    async def _run(self, session_id: int, owed: _Owed) -> None:
        try:
            while owed.owed:
                owed.clear()
                await self._read_and_deliver(session_id)
                deadline = self.loop.time() + owed.window
                while (left := deadline - self.loop.time()) > 0:
                    owed.wake.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(owed.wake.wait(), left)
        finally:
            self.tables.pop(session_id, None)

    async def _read_and_deliver(self, session_id: int) -> None:
        try:
            stamp, messages = await database_sync_to_async(_read, thread_sensitive=False)(session_id)
        except RuntimeError as exc:
            if "shutdown" not in str(exc):
                raise
            logger.debug("table %s: the server is stopping, no update sent", session_id)
            return
        except Exception:
            logger.exception("table %s: the update could not be read", session_id)
            return
        self.deliver(session_id, stamp, messages)


class _Owed:
    """Presence changes of one table not yet in an update sent."""

    def __init__(self, window: float) -> None:
        self.window = window
        self.owed = False
        self.since: float | None = None  # when the oldest of them was asked for
        self.wake = asyncio.Event()

    def owe(self, at: float) -> None:
        if not self.owed:
            self.owed, self.since = True, at
        self.wake.set()

    def clear(self) -> None:
        self.owed, self.since = False, None
