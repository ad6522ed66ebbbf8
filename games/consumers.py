"""``TableConsumer`` at ``/ws/table/<id>/``: thin. Parse, authorise, call one service, render, send.

Every socket gets the whole current view on connect, so a reload or a reconnect loses nothing. Table
updates arrive from ``games.broadcast`` as engine views (the reader's own seat, or the spectators'),
and are rendered here, in the reader's language, to the HTML that htmx's ``ws`` extension swaps in.
Refusals go to this socket only, as a JSON error frame: ``{"error": code, "message": sentence}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from datetime import datetime
from typing import Any
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from django.conf import settings
from django.db import DatabaseError
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy
from redis.exceptions import RedisError

from club.errors import ServiceError
from club.sessions import login_current_until, login_end_reason
from club.ws import JsonSocketConsumer

from .broadcast import user_group, watch_group
from .live_frame import live_frame_html
from .presenter import table_context
from .protocol import Act, Command, Contribute, Message, SeatBot, Sit, StandUp, parse_message
from .selectors import (
    membership_can_manage,
    membership_stand_up_roles,
    table_can_manage,
    table_frame_for,
    table_get,
)
from .services import (
    TableError,
    table_act,
    table_away,
    table_back,
    table_bot_add,
    table_bot_remove,
    table_leave,
    table_sit,
    table_stand_up,
)
from .services.access import member_require_active
from .services.fairness import seed_contribute
from .services.members import kick_group
from .services.presence import presence_beat, presence_join, presence_leave
from .sockets import socket_language, socket_time_zone
from .ticker import ensure_ticker

try:  # daphne's websocket (autobahn) refuses a send on a closed connection with its own error
    from autobahn.exception import Disconnected as _Disconnected
except ImportError:  # pragma: no cover - another ASGI server: the spec's IOError only
    _Disconnected = OSError  # type: ignore[assignment,misc]
#: What a send to a socket whose browser has gone raises (ASGI: an IOError; daphne: ``Disconnected``).
PEER_GONE: tuple[type[BaseException], ...] = (OSError, _Disconnected)

logger = logging.getLogger("games.consumers")

#: A move is a few dozen bytes; anything near this is not a move.
MAX_MESSAGE_BYTES = 4096
#: Token bucket per socket: a burst of clicks passes, a flood does not.
RATE_PER_SECOND = 8.0
RATE_BURST = 16
HEARTBEAT_SECONDS = 25.0
#: Table sockets one person may hold open in one server process (a few tabs and tables; an outside
#: review slowed every page of the site with sixty), and messages per second across all of them.
MAX_SOCKETS_PER_USER = 12
USER_RATE_PER_SECOND = 12.0
USER_RATE_BURST = 24
#: How many table sockets one person may open in this process, and how fast: settings
#: TABLE_CONNECT_BURST and TABLE_CONNECTS_PER_SECOND (club/settings.py says why).
#: People whose connects are remembered before the settled ones are forgotten.
CONNECT_MEMORY = 10_000


class _UserBudget:
    """One person's sockets in this process: how many are open, and a token bucket they share."""

    __slots__ = ("at", "sockets", "tokens")

    def __init__(self) -> None:
        self.sockets = 0
        self.tokens = float(USER_RATE_BURST)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(float(USER_RATE_BURST), self.tokens + (now - self.at) * USER_RATE_PER_SECOND)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


_BUDGETS: dict[int, _UserBudget] = {}
_CONNECTS: dict[int, tuple[float, float]] = {}  # user id: (tokens, when counted)


def connect_allowed(user_id: int) -> bool:
    """Takes one of the person's connects (a token bucket); False when none is left."""
    burst, rate = float(settings.TABLE_CONNECT_BURST), float(settings.TABLE_CONNECTS_PER_SECOND)
    now = time.monotonic()
    tokens, at = _CONNECTS.get(user_id, (burst, now))
    tokens = min(burst, tokens + (now - at) * rate)
    if len(_CONNECTS) >= CONNECT_MEMORY:
        # Forget whoever's bucket is full again: he would start from a full one anyway.
        full = burst / rate
        for key in [key for key, (_t, when) in _CONNECTS.items() if now - when >= full]:
            del _CONNECTS[key]
    if tokens < 1:
        _CONNECTS[user_id] = (tokens, now)
        return False
    _CONNECTS[user_id] = (tokens - 1, now)
    return True


_TRY_AGAIN = gettext_lazy("The table could not be reached just now; please make your move again.")
# Not a move (a sit-down, a stand-up, a leave, "I'm back"…): "make your move again" read as if a move
# had been lost.
_TRY_AGAIN_OTHER = gettext_lazy("The table could not be reached just now; please try again.")


def _pushed_again(session_id: int, message: Message | None) -> bool:
    """After a database error under ``message``: send the table's picture to every socket again (a
    commit whose answer was lost sent none), and say whether ``message``, a move, is in it already.
    False when the database cannot be read yet either."""
    from .broadcast import table_push_soon
    from .models import Deal

    try:
        table_push_soon(session_id)
        if not isinstance(message, Act):
            return False
        # A move names its deal by the deal's id (as ``table_act``'s ``expected_deal``), not its number
        # at the table: the two agree only on a fresh database's first table.
        seq = Deal.objects.filter(session_id=session_id, pk=message.deal).values_list("seq", flat=True)
        return (seq.first() or 0) > message.seq
    except DatabaseError:
        return False


def _db(func: Any) -> Any:
    """``func`` run in a worker thread of the loop's pool, not the one thread Channels shares by
    default among every consumer of the process: one table's move does not wait for another's
    queries. A call takes a database connection (from the process's pool on PostgreSQL) and gives
    it back after; the table lock (``session_lock``) still lets one writer at a time act on a table."""
    return database_sync_to_async(func, thread_sensitive=False)


def _account_on(user_id: int) -> bool:
    """Is the account still on (not switched off by the site's operators)? Read fresh."""
    from club.models import User

    return User.objects.filter(pk=user_id, is_active=True).exists()


def _drawn_for(scope: dict[str, Any], user_id: int) -> bool:
    """Whether the page that opened the socket was drawn for ``user_id``: its ``as`` query value (the
    table page writes it) is his id, or there is none (a client other than the page)."""
    values = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("as")
    return not values or values[-1] == str(user_id)


def _check_access(session_id: int, user: Any) -> tuple[int, bool]:
    """Refuses a stranger (``TableError``); the table's club, and whether the user may seat bots."""
    session = table_get(session_id=session_id)
    if session is None:
        raise TableError("no_table")
    member_require_active(session=session, user=user)
    return session.club_id, table_can_manage(session=session, user=user)


def _still_here(
    session_id: int, user: Any, login_session: Any = None
) -> tuple[Any, tuple[bool, tuple[str, ...]]]:
    """The table, if the user may still see it under the login the socket was opened under
    (``login_session``, its key, checked against his row read just now: ``login_current_until``),
    and his powers there as his role is now: whether he may seat bots, and the roles of the members
    he may stand up; a ``TableError`` otherwise."""
    session = table_get(session_id=session_id)
    if session is None:
        raise TableError("no_table")
    membership = member_require_active(session=session, user=user)
    if isinstance(login_session, str) and login_current_until(login_session, membership.user) is None:
        raise TableError(login_end_reason(login_session, membership.user))
    return session, (
        membership_can_manage(session=session, membership=membership, user=membership.user),
        membership_stand_up_roles(membership=membership, user=membership.user),
    )


def _frame(session_id: int, user: Any, login_session: Any = None) -> dict[str, Any]:
    """The reader's picture of the table, if he may still see it."""
    session, (can_manage, stands_up) = _still_here(session_id, user, login_session)
    frame = table_frame_for(session=session, user=user)
    return {"view": frame.view, "public": frame.public, "can_manage": can_manage, "stands_up": stands_up}


#: The table errors that say the socket's login is over: closed with 4401, the page says why and
#: connects no more (a reload asks for a log-in).
LOGIN_ENDED = ("logged_out", "password_changed", "switched_off")


class TableConsumer(JsonSocketConsumer):
    session_id: int
    lang: str = settings.LANGUAGE_CODE
    zone: Any = None
    #: The roles of the members he may stand up (his page's "Stand up…" forms), read with each picture.
    stands_up: tuple[str, ...] = ()
    max_message_bytes = MAX_MESSAGE_BYTES
    rate_per_second = RATE_PER_SECOND
    rate_burst = RATE_BURST

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels runs ``close_old_connections`` before every message a consumer handles, through
        the one thread a process shares for sync code: every frame of every socket queued on it.
        This consumer reads the database only through ``_db``, which does that in its own thread
        before and after each call, so its messages go straight to their handlers."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        self.user = self.scope.get("user")
        self.joined: list[str] = []
        self.heartbeat: asyncio.Task[None] | None = None
        self.lang = socket_language(self.scope)
        self.zone = socket_time_zone(self.scope)
        if self.user is None or not self.user.is_authenticated:
            # His password changed elsewhere (club.ws.SiteAuthMiddleware noted it): said so, not "You
            # logged out" (review 135).
            changed = self.scope.get("login_ended") == "password_changed"
            ended = "password_changed" if changed else "logged_out"
            await self._refuse_at_connect(TableError(ended), 4401)
            return
        if not _drawn_for(self.scope, self.user.pk):
            # The page connects again with whatever log-in the browser holds by then: one opened for
            # Vera, whose socket dropped while Gleb logged in in another tab, showed his seat, his
            # buttons and his cards under a header that named her. Closed for good (4401): a reload
            # draws the page for whoever is logged in now.
            await self._refuse_at_connect(TableError("other_account"), 4401)
            return
        if not connect_allowed(self.user.pk):
            # Before any query: the loop this stops cost a table read and render per connect.
            await self._refuse_at_connect(TableError("too_many_connects"), 4429)
            return
        ensure_ticker()
        session = self.scope.get("session")
        # Checked with the socket's first picture (``_frame``), once it hears of a password change,
        # and at each heartbeat.
        self.login_session = getattr(session, "session_key", None)
        self.session_id = int(self.scope["url_route"]["kwargs"]["session_id"])
        try:
            self.club_id, self.can_manage = await _db(_check_access)(self.session_id, self.user)
        except TableError as exc:
            if exc.code in ("not_member", "no_table"):
                # As the table's page answers them (one 404): a stranger learns nothing of a table.
                exc = TableError("not_found")
            await self._refuse_at_connect(exc, 4403)
            return
        budget = _BUDGETS.setdefault(self.user.pk, _UserBudget())
        if budget.sockets >= MAX_SOCKETS_PER_USER:
            await self.accept()
            await self.send_error(TableError("too_many_sockets", count=MAX_SOCKETS_PER_USER))
            await self.close(code=4429)
            return
        budget.sockets += 1
        self.budget = budget
        present = False
        try:
            for group in (
                user_group(self.session_id, self.user.pk),
                watch_group(self.session_id),
                kick_group(self.user.pk),
            ):
                await self.channel_layer.group_add(group, self.channel_name)
                self.joined.append(group)
            await self.accept()
            await _db(presence_join)(session_id=self.session_id, user=self.user)
            present = True
            await self._send_current()
        except BaseException:
            # A connect that fails (the channel layer restarting, the database gone for a moment)
            # gets no disconnect: its place, groups and presence are given back here, or twelve such
            # failures kept the player from every table until the process restarted.
            await self._give_back(present=present)
            raise
        if getattr(self, "closing", False):
            return  # refused by its first picture (``_send_current``): no heartbeat for a closed socket
        self.heartbeat = asyncio.create_task(self._beat())

    async def _refuse_at_connect(self, error: TableError, code: int) -> None:
        """Accepted only to be told why, then closed with ``code``. A handshake refused reaches the
        browser as 1006, an abnormal closure, which the page (htmx) answers by connecting again
        with backoff, for good, under "reconnecting…": a player whose login expired, or who was
        banned while his laptop slept, never learnt why his table stayed dead."""
        await self.accept()
        await self.send_error(error)
        await self.close(code=code)

    async def _give_back(self, *, present: bool) -> None:
        budget = getattr(self, "budget", None)
        if budget is not None:
            self.budget = None
            budget.sockets -= 1
            if budget.sockets <= 0:
                _BUDGETS.pop(self.user.pk, None)
        joined, self.joined = self.joined, []
        for group in joined:
            with contextlib.suppress(RedisError, OSError):  # a layer that is down forgets them anyway
                await self.channel_layer.group_discard(group, self.channel_name)
        if present:
            with contextlib.suppress(DatabaseError):
                await _db(presence_leave)(session_id=self.session_id, user=self.user)

    async def close(self, code: int | bool | None = None, reason: str | None = None) -> None:
        """Closing is final: nothing is sent after it (a table update that arrives between a kick and
        the disconnect used to crash the consumer, so its presence and heartbeat outlived it)."""
        self.closing = True
        if getattr(self, "heartbeat", None) is not None:
            self.heartbeat.cancel()
        await super().close(code=code, reason=reason)

    async def send(
        self, text_data: str | None = None, bytes_data: bytes | None = None, close: bool = False
    ) -> None:
        if getattr(self, "closing", False):
            return
        try:
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)
        except PEER_GONE:
            # The browser went (a reload mid-deal) as an update was on its way: the disconnect comes
            # next and gives the socket's place, presence and heartbeat back; ended by the error
            # instead, the consumer never read it and they stayed taken until a restart.
            self.closing = True

    async def websocket_receive(self, message: dict[str, Any]) -> None:
        if getattr(self, "closing", False):
            return  # refused at connect, or kicked: nothing more it sends is read
        await super().websocket_receive(message)

    def _take_token(self) -> bool:
        budget = getattr(self, "budget", None)
        return super()._take_token() and (budget is None or budget.take())

    async def disconnect(self, code: int) -> None:
        self.closing = True
        if self.heartbeat is not None:
            self.heartbeat.cancel()
        await self._give_back(present=bool(self.joined))

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            with contextlib.suppress(DatabaseError):
                try:
                    _table, manages = await _db(_still_here)(self.session_id, self.user, self.login_session)
                except TableError as exc:
                    # A ban's kick and a log-out's word go through the channel layer: one that
                    # restarted empty (Redis without persistence) as they came lost them, and the
                    # member went on watching, or playing under a login that had ended, until he
                    # reloaded (or for two weeks, until that login would have run out). The beat
                    # asks the database again, and says what the word would have said (he saw the
                    # table: nothing to hide from him).
                    self.heartbeat = None  # this task: closing must not cancel it mid-send
                    await self.send_error(exc)
                    await self.close(code=4401 if exc.code in LOGIN_ENDED else 4403)
                    return
                if manages != (self.can_manage, self.stands_up):
                    # Promoted or demoted by the owner meanwhile: the managers' controls (seat a
                    # bot, stand a player up) came and went only with a reload, a demoted manager's
                    # each refused when clicked. The picture may close the socket: not cancelling
                    # this task mid-send.
                    beat, self.heartbeat = self.heartbeat, None
                    await self._send_current()
                    if getattr(self, "closing", False):
                        return
                    self.heartbeat = beat
            with contextlib.suppress(Exception):  # a missed beat only ages the presence mark
                await _db(presence_beat)(session_id=self.session_id, user=self.user)
            # Joined again: a channel layer that restarted empty (Redis without persistence) knows
            # this socket's groups again within one beat, even if the socket never noticed.
            with contextlib.suppress(Exception):
                for group in self.joined:
                    await self.channel_layer.group_add(group, self.channel_name)

    # --- from the browser (club.ws.JsonSocketConsumer has checked the frame) -----------------------

    def language(self) -> str:
        return self.lang

    async def receive_message(self, message: dict[str, Any]) -> None:
        parsed: Message | None = None
        try:
            with translation.override(self.lang):
                parsed = parse_message(message)
            await self._handle(parsed)
        except ServiceError as exc:
            await self.send_error(exc)
        except DatabaseError as exc:
            logger.warning("table %s: database error during a message: %s", self.session_id, exc)
            if isinstance(parsed, Command) and parsed.name == "sync":
                # The page asked for the table by itself (it suspects its socket): "make your move
                # again" in red answered a player who had made none, and the page kept its old
                # picture. Closed as a server error, the page says it is reconnecting and connects
                # again (with backoff) until the table can be read.
                await self.close(code=1011)
                return
            # The database went away under the move (a restart, a dropped connection). Mostly the
            # move's transaction rolled back whole, and the player is told to make it again rather
            # than left waiting. But the connection may have dropped with the COMMIT on its way: the
            # change is then in the books while Django dropped its on-commit update, the one way it
            # reaches the sockets, and every other page kept the table before it (the next player's
            # clock ran unseen until his default move). So the table is read afresh and sent to
            # everyone, and a move that did land is not asked for again.
            if await _db(_pushed_again)(self.session_id, parsed):
                return
            await self.send_error("try_again", _TRY_AGAIN if isinstance(parsed, Act) else _TRY_AGAIN_OTHER)

    async def _handle(self, message: Message) -> None:
        call = _db
        if isinstance(message, Act):
            await call(table_act)(
                session_id=self.session_id,
                user=self.user,
                action=message.action,
                expected_seq=message.seq,
                expected_deal=message.deal,
            )
        elif isinstance(message, Sit):
            await call(table_sit)(
                session_id=self.session_id, user=self.user, position=message.position, buy_in=message.buy_in
            )
        elif isinstance(message, StandUp):
            await call(table_stand_up)(
                session_id=self.session_id,
                actor=self.user,
                position=message.position,
                reason=message.reason,
                seat_id=message.seat_id,
            )
        elif isinstance(message, Contribute):
            try:
                await call(seed_contribute)(
                    session_id=self.session_id,
                    user=self.user,
                    value=message.value,
                    commitment=message.commitment,
                )
            except ServiceError as exc:
                if exc.code not in ("late_contribution", "no_pending_deal"):
                    raise
                # Which string was late (or for no deal): the browser may have sent the next deal's
                # since (the new commitment often arrives before this refusal), and forgot that one,
                # not this one.
                await self.send_error(exc, commitment=message.commitment, value=message.value)
        elif isinstance(message, SeatBot) and message.buy_in is not None:
            await call(table_bot_add)(
                session_id=self.session_id, actor=self.user, position=message.position, buy_in=message.buy_in
            )
        elif isinstance(message, SeatBot):
            await call(table_bot_remove)(
                session_id=self.session_id,
                actor=self.user,
                position=message.position,
                seat_id=message.seat_id,
            )
        elif message.name == "sync":
            await self._send_current()
        elif message.name == "time":
            # The table's clock, read as late as can be: the page takes it as read the moment it
            # asked, so its count errs short by the way there (which a move takes too), never long.
            await self.send_json({"clock": int(time.time() * 1000)})
        elif message.name == "away":
            await call(table_away)(session_id=self.session_id, user=self.user)
        elif message.name == "back":
            await call(table_back)(session_id=self.session_id, user=self.user)
        elif message.name == "leave":
            await call(table_leave)(session_id=self.session_id, user=self.user)

    async def send_error(self, exc: ServiceError | str, message: str = "", **extra: Any) -> None:  # type: ignore[override]
        """An error frame to this socket only, in its reader's language (a table error makes its
        sentence when read, so it is read here, under the reader's language and time zone: the end
        of a ban or a suspension is a date he reads as on the pages)."""
        with translation.override(self.lang), timezone.override(self.zone):
            if isinstance(exc, ServiceError):
                code, text = exc.code, str(exc.message)
                if exc.done:  # what was asked is already so (sent again): the page says it as news
                    extra = {**extra, "done": True}
            else:
                code, text = exc, str(message)
        await self.send_json({"error": code, "message": text, **extra})

    # --- from the table (channel layer) ------------------------------------------------------------

    async def _send_current(self) -> None:
        # Updates read before this picture are older than it (same deal and seq, older presence or
        # stacks): one that arrives after it, a race of a moment at connect, is not shown.
        self.shown_from = time.time()
        try:
            frame = await _db(_frame)(self.session_id, self.user, getattr(self, "login_session", None))
        except TableError as exc:
            # He may no longer be here (banned, suspended, gone from the club, the table gone): the
            # socket closes as one refused at connect. Told only, it stayed open and in the table's
            # groups, and every later update reached it: a ban that committed between the connect's
            # check and its joining the kick group was never heard by this socket, nor any after.
            if exc.code in ("not_member", "no_table"):
                exc = TableError("not_found")
            await self.send_error(exc)
            await self.close(code=4401 if exc.code in LOGIN_ENDED else 4403)
            return
        self.can_manage, self.stands_up = frame["can_manage"], frame["stands_up"]
        await self._render(frame["view"], frame["public"])

    async def _render(self, view: dict[str, Any] | None, public: dict[str, Any]) -> None:
        with translation.override(self.lang):
            context = table_context(
                view=view,
                public=public,
                user_id=self.user.pk,
                now=timezone.now(),
                can_manage=self.can_manage,
                stands_up=self.stands_up,
            )
            html = live_frame_html(context)
        await self.send(text_data=html)

    def _older(self, event: dict[str, Any]) -> bool:
        """Read before the picture this socket shows already? Each update is the whole table, and
        the senders (every server process, the clock's thread, a worker) are not ordered among
        themselves: an older picture that arrives last would put back a seat just taken or left.
        Otherwise it becomes the newest shown (a change read after it still comes with its own,
        later update)."""
        read_at = event.get("read_at")
        if read_at is None:
            return False
        if read_at < getattr(self, "shown_from", 0.0):
            return True
        self.shown_from = read_at
        return False

    async def table_view(self, event: dict[str, Any]) -> None:
        if self._older(event):
            return
        await self._render(event["view"], event["public"])

    async def table_kick(self, event: dict[str, Any]) -> None:
        """Banned from (or gone from) this table's club: told why, and the socket closes."""
        if event.get("club") != self.club_id:
            return
        reason = event.get("reason")
        params = event.get("params") or {}
        until = datetime.fromisoformat(params["until"]) if params.get("until") else None
        if reason == "suspended":
            error = TableError("suspended", until=until, reason=params.get("reason", ""))
        elif reason == "banned":
            told = params.get("reason") or "—"
            error = (
                TableError("banned_until", until=until, reason=told)
                if until
                else TableError("banned_for", reason=told)
            )
        elif reason == "switched_off":
            # The account, not the club: "Only active members of this club can play" sent him to a
            # club he is still a member of (review 135). Closed as a login that ended.
            error = TableError("switched_off")
        else:
            error = TableError("not_member")
        await self.send_error(error)
        await self.close(code=4401 if error.code in LOGIN_ENDED else 4403)

    async def table_powers(self, event: dict[str, Any]) -> None:
        """His role in the table's club changed: the table again, with the controls his role gives
        him now (the heartbeat found it only up to ``HEARTBEAT_SECONDS`` later)."""
        if event.get("club") != self.club_id or getattr(self, "closing", False):
            return
        await self._send_current()

    async def table_login(self, event: dict[str, Any]) -> None:
        """The login this socket was opened under ended: a logout of its session (told, and closed
        for good), or a password change or a switched-off account (closed: the page connects again,
        and only a login that still holds gets in)."""
        if getattr(self, "closing", False):
            return
        session = event.get("session")
        if session is not None:
            if session != self.login_session:
                return
            # Someone logged in over his login in this browser (another account, in another tab):
            # "You logged out" told him of something he had not done.
            ended = "logged_out" if event.get("logged_out", True) else "other_account"
            await self.send_error(TableError(ended))
            await self.close(code=4401)
            return
        # His account switched off: said so, for good. Closed to connect again, the socket found its
        # session gone and said "You logged out", and the log-in it sent him to refused him (review 135).
        account_on = True
        with contextlib.suppress(DatabaseError):
            account_on = await _db(_account_on)(self.user.pk)
        if not account_on:
            await self.send_error(TableError("switched_off"))
            await self.close(code=4401)
            return
        await self.close(code=4001)

    async def table_watch(self, event: dict[str, Any]) -> None:
        if self.user.pk in event["viewers"] or self._older(event):
            return  # he plays in this deal: his own view comes to his own group
        await self._render(event["view"], event["public"])
