"""Shared parts of the load benchmarks (``table_bench``, ``pages_bench``) and the load tests.

Not a command (Django skips modules whose name starts with ``_``). What it holds:

- ``DaphneProcess``: a real daphne serving the configured database and channel layer, on a free
  port, that can be SIGKILLed and started again on the same port;
- ``seat_tables``: clubs, members with chips and logged-in Django sessions (a session row and its
  cookie, no login form), tables of four seated and ready to deal;
- ``TableBot``: one websocket client that reads the HTML frames a browser would get and, when the
  frame says it is its turn, sends one of the moves the frame offers, like a click on its form;
- ``http_get``: a minimal keep-alive HTTP/1.1 client for the page benchmark.

The websocket client is the ``websockets`` package (a test dependency).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import itertools
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from club.cli_types import at_least_one, seconds_above_zero

ROOT = Path(__file__).resolve().parents[3]

# --- servers ----------------------------------------------------------------------------------------


def sizes(value: str) -> str:
    """An argparse type: a comma list of sizes (``--tables 10,50,100``), each a whole number of at
    least 1."""
    for item in value.split(","):
        at_least_one(item.strip())
    return value


def seconds_list(value: str) -> str:
    """An argparse type: a comma list of seconds above 0 (``--delays 5,2``)."""
    for item in value.split(","):
        seconds_above_zero(item)
    return value


def require_scratch_database(command: str) -> None:
    """Stop ``command`` before it writes anything if the configured database holds a club or a person
    that is not a bench's: it writes clubs, members with chips and journals, which cannot be deleted,
    and an operator's environment points every command at the site's own books."""
    from django.core.management.base import CommandError
    from django.db import connection

    from club.models import Club, User

    ours = (
        Club.objects.exclude(name__startswith="Bench ").exists()
        or User.objects.exclude(username__startswith="bench-").exists()
    )
    if ours:
        raise CommandError(
            f"{command} writes clubs, members and journals that cannot be deleted, and the configured "
            f"database ({connection.settings_dict['NAME']}) holds clubs or people of its own: run it "
            "with DATABASE_URL of a scratch database (createdb khrap_bench; manage.py migrate)."
        )


def shared_listener() -> socket.socket:
    """A listening TCP socket on a free loopback port that several daphne processes accept on."""
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1024)
    listener.set_inheritable(True)
    return listener


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def database_url() -> str:
    """The URL of the database this process uses (the test database in a test), for a server."""
    from django.db import connection

    params = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{params['NAME']}"
    user = params.get("USER") or ""
    password = f":{params['PASSWORD']}" if params.get("PASSWORD") else ""
    host = params.get("HOST") or "127.0.0.1"
    port = f":{params['PORT']}" if params.get("PORT") else ""
    return f"postgres://{user}{password}@{host}{port}/{params['NAME']}"


class DaphneProcess:
    """``daphne club.asgi:application`` (or the bench app) in a child process on ``port``."""

    def __init__(
        self,
        *,
        port: int | None = None,
        env: dict[str, str] | None = None,
        app: str = "club.asgi:application",
        log: Path | None = None,
        listener: socket.socket | None = None,
    ) -> None:
        #: A listening socket shared with other processes (``--fd``: the production shape), or None.
        self.listener = listener
        self.port = listener.getsockname()[1] if listener is not None else (port or free_port())
        self.app = app
        self.env = {
            **os.environ,
            "DATABASE_URL": database_url(),
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "HTTPS_ONLY": "0",
            "TABLE_TICKER": "1",
            **(env or {}),
        }
        from django.conf import settings

        # The same key as this process: the sessions it writes (``login_cookie``) must verify there.
        self.env["SECRET_KEY"] = settings.SECRET_KEY
        self.log_path = log
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> DaphneProcess:
        out = self.log_path.open("ab") if self.log_path else subprocess.DEVNULL
        where = (
            ["--fd", str(self.listener.fileno())]
            if self.listener
            else ["-b", "127.0.0.1", "-p", str(self.port)]
        )
        self.process = subprocess.Popen(
            [sys.executable, "-m", "daphne", *where, "--websocket-max-message-size", "65536", self.app],
            cwd=ROOT,
            env=self.env,
            stdout=out,
            stderr=subprocess.STDOUT,
            pass_fds=(self.listener.fileno(),) if self.listener else (),
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                tail = self.log_path.read_text()[-3000:] if self.log_path else ""
                raise RuntimeError(f"daphne exited with {self.process.returncode}: {tail}")
            if self.listener is not None:
                # The shared socket accepts before any process serves it: wait until this process
                # has opened its own descriptors of it (Twisted adopted the socket) and settled.
                if self._cpu_ticks() > 0 and time.monotonic() > deadline - timeout + 3:
                    return self
            else:
                with socket.socket() as s:
                    if s.connect_ex(("127.0.0.1", self.port)) == 0:
                        return self
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"daphne did not listen on {self.port} within {timeout} s")

    def _cpu_ticks(self) -> int:
        if self.process is None or self.process.poll() is not None:
            return 0
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0
        return int(fields[11]) + int(fields[12])

    def cpu_seconds(self) -> float:
        """CPU time (user + system) the server process has used so far; 0 if it is not running."""
        return self._cpu_ticks() / os.sysconf("SC_CLK_TCK")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no disconnect handlers, no on-commit callbacks run."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


# --- people and tables ------------------------------------------------------------------------------


@dataclass
class Player:
    user_id: int
    username: str
    cookie: str  # "sessionid=..."


@dataclass
class BenchTable:
    session_id: int
    players: list[Player]


def login_cookie(user: Any) -> str:
    """A logged-in Django session for ``user``, as the session middleware would store it."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return f"{settings.SESSION_COOKIE_NAME}={store.session_key}"


def seat_tables(
    count: int, *, seats: int = 4, preset: str = "classic", turn_seconds: int = 300, tag: str | None = None
) -> list[BenchTable]:
    """``count`` tables of ``seats`` members each, in one new club, seated with chips; the table clock
    deals them (TABLE_FIRST_DEAL_PAUSE). Every member has a logged-in session."""
    from club.models import Membership, User
    from club.services import club_create, membership_join
    from games.services import table_session_create, table_sit
    from ledger.services import chips_grant

    tag = tag or uuid.uuid4().hex[:8]
    owner = User.objects.create_user(f"bench-owner-{tag}")
    club = club_create(user=owner, name=f"Bench {tag}")
    tables = []
    for t in range(count):
        session = table_session_create(
            club=club,
            actor=owner,
            title=f"bench {t + 1}",
            preset=preset,
            stake=1,
            seat_count=seats,
            min_players=seats,
            buy_in_min=100,
            buy_in_max=1_000_000,
            turn_seconds=turn_seconds,
        )
        players = []
        for position in range(seats):
            user = User.objects.create_user(f"bench-{tag}-{t}-{position}")
            membership_join(club=club, user=user)
            chips_grant(
                membership=Membership.objects.get(club=club, user=user),
                amount=1_000_000,
                actor=owner,
                reason="bench",
                # A bench stands in for both managers of the four-eyes rule.
                approved=True,
            )
            table_sit(session_id=session.pk, user=user, position=position, buy_in=1_000_000)
            players.append(Player(user.pk, user.username, login_cookie(user)))
        tables.append(BenchTable(session.pk, players))
    return tables


# --- reading a table frame like a browser -----------------------------------------------------------

_DEAL = re.compile(
    r'id="table-live"[^>]*?data-deal-number="(\d+)"[^>]*?data-seq="(\d+)"[^>]*?data-my-turn="(1?)"'
)
_FORM = re.compile(r'<form class="(bid|play|choose-cards)"[^>]*>(.*?)</form>', re.DOTALL)
_INPUT = re.compile(r'<input type="hidden" name="([a-z_]+)" value="([^"]*)"')
_PICK = re.compile(r'<input type="checkbox" name="cards" value="([^"]+)"')
_LOW = re.compile(r'<form class="choose-cards"[^>]*data-low="(\d+)"')


@dataclass(frozen=True)
class FrameInfo:
    deal: int
    seq: int
    my_turn: bool
    size: int

    @property
    def position(self) -> tuple[int, int]:
        return (self.deal, self.seq)


def frame_info(text: str) -> FrameInfo | None:
    """Deal number, seq and "my turn" of an HTML table frame; None for an error frame."""
    match = _DEAL.search(text, 0, 2000)
    if match is None:
        return None
    return FrameInfo(int(match.group(1)), int(match.group(2)), match.group(3) == "1", len(text))


def frame_moves(text: str) -> list[dict[str, Any]]:
    """The moves a frame offers its reader, as the page's forms would send them (htmx ``ws-send``)."""
    moves = []
    for kind, body in _FORM.findall(text):
        values: dict[str, Any] = {name: html.unescape(value) for name, value in _INPUT.findall(body)}
        if kind == "choose-cards":
            low = _LOW.search(text)
            need = int(low.group(1)) if low else 0
            values["cards"] = _PICK.findall(body)[:need]
        moves.append(values)
    return moves


# --- one websocket client that plays ----------------------------------------------------------------


@dataclass
class TableStats:
    """What the clients of one run saw."""

    latencies_ms: list[float] = field(default_factory=list)
    moves: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    frames: int = 0
    frame_bytes: list[int] = field(default_factory=list)
    lost: int = 0

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


class TableRun:
    """The clients of one table: when each move was sent, and which seats have seen it."""

    def __init__(self, table: BenchTable, stats: TableStats, interval: float, rng: random.Random) -> None:
        self.table = table
        self.stats = stats
        self.interval = interval
        self.rng = rng
        self.last_sent = 0.0
        #: position a move was made on -> (sent at, measured?, seats that have seen a newer frame)
        self.pending: dict[tuple[int, int], tuple[float, bool, set[int]]] = {}
        self.acted: set[tuple[int, int]] = set()
        self.measuring = False

    def sent(self, position: tuple[int, int], at: float) -> None:
        self.last_sent = at
        self.pending[position] = (at, self.measuring, set())

    def seen(self, index: int, position: tuple[int, int], at: float) -> None:
        for was in [p for p in self.pending if p < position]:
            sent_at, measured, seen_by = self.pending[was]
            seen_by.add(index)
            if len(seen_by) == len(self.table.players):
                del self.pending[was]
                if measured:
                    self.stats.moves += 1
                    self.stats.latencies_ms.append((at - sent_at) * 1000)

    def oldest_pending(self) -> float | None:
        return min((sent for sent, _m, _s in self.pending.values()), default=None)


async def play_table_socket(
    run: TableRun, index: int, base_ws: str, stop: asyncio.Event, *, reconnect: bool = True
) -> None:
    """One player's socket: connect with his session cookie, read frames, move when it is his turn."""
    import websockets

    player = run.table.players[index]
    origin = base_ws.replace("ws://", "http://")
    url = f"{base_ws}/ws/table/{run.table.session_id}/"
    newest: tuple[int, int] = (-1, -1)
    while not stop.is_set():
        try:
            async with websockets.connect(
                url,
                origin=origin,  # type: ignore[arg-type]
                additional_headers={"Cookie": player.cookie},
                compression=None,
                max_size=2**20,
                open_timeout=30,
                ping_interval=None,
            ) as ws:
                while not stop.is_set():
                    try:
                        text = await asyncio.wait_for(ws.recv(), timeout=0.5)
                    except TimeoutError:
                        continue
                    now = time.perf_counter()
                    if not isinstance(text, str):
                        continue
                    if text.startswith("{"):
                        run.stats.error(json.loads(text).get("error", "?"))
                        continue
                    info = frame_info(text)
                    if info is None:
                        continue
                    run.stats.frames += 1
                    if run.measuring:
                        run.stats.frame_bytes.append(info.size)
                    if info.position <= newest:
                        continue  # an older picture never replaces a newer one (as table.js)
                    newest = info.position
                    run.seen(index, info.position, now)
                    if info.my_turn and info.position not in run.acted:
                        moves = frame_moves(text)
                        if not moves:
                            continue
                        run.acted.add(info.position)
                        wait = run.last_sent + run.interval - time.perf_counter()
                        if wait > 0:
                            await asyncio.sleep(wait)
                        move = run.rng.choice(moves)
                        run.sent(info.position, time.perf_counter())
                        await ws.send(json.dumps(move))
        except (OSError, websockets.exceptions.WebSocketException, TimeoutError) as exc:
            if stop.is_set() or not reconnect:
                return
            run.stats.error(f"socket:{type(exc).__name__}")
            await asyncio.sleep(0.2)


# --- the bare baseline ------------------------------------------------------------------------------


async def bare_socket(
    run: TableRun, index: int, base_ws: str, group: str, payload: int, stop: asyncio.Event
) -> None:
    """The baseline's client: the same pacing and measure, against a consumer that only broadcasts."""
    import websockets

    url = f"{base_ws}/__bench/ws/{group}/?size={payload}"
    counter = itertools.count()
    connection = websockets.connect(
        url, compression=None, max_size=2**20, open_timeout=30, ping_interval=None
    )
    async with connection as ws:
        if index == 0:
            await asyncio.sleep(0.3)  # everyone of the group has joined
            run.sent((0, 0), time.perf_counter())
            await ws.send(json.dumps({"seq": 1}))
        while not stop.is_set():
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue
            now = time.perf_counter()
            assert isinstance(text, str)
            run.stats.frames += 1
            seq = int(text[9 : text.index(">")])
            run.seen(index, (0, seq), now)
            next(counter)
            if seq % len(run.table.players) == index and (0, seq) not in run.acted:
                run.acted.add((0, seq))
                wait = run.last_sent + run.interval - time.perf_counter()
                if wait > 0:
                    await asyncio.sleep(wait)
                run.sent((0, seq), time.perf_counter())
                await ws.send(json.dumps({"seq": seq + 1}))


# --- numbers ----------------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


def summary(values: list[float]) -> dict[str, float | None]:
    return {
        "p50": percentile(values, 0.50),
        "p99": percentile(values, 0.99),
        "max": round(max(values), 2) if values else None,
    }


# --- a small HTTP/1.1 client ------------------------------------------------------------------------


class HttpConnection:
    """One keep-alive connection: ``await get(path)`` returns (status, body length)."""

    def __init__(self, host: str, port: int, cookie: str = "") -> None:
        self.host, self.port, self.cookie = host, port, cookie
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def _open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)

    async def get(self, path: str) -> tuple[int, int]:
        if self.writer is None:
            await self._open()
        assert self.reader is not None and self.writer is not None
        headers = [f"GET {path} HTTP/1.1", f"Host: {self.host}:{self.port}", "Accept: text/html"]
        if self.cookie:
            headers.append(f"Cookie: {self.cookie}")
        self.writer.write(("\r\n".join(headers) + "\r\n\r\n").encode())
        status_line = await self.reader.readline()
        if not status_line:
            await self.close()
            raise ConnectionError("closed")
        status = int(status_line.split()[1])
        length, chunked, close = 0, False, False
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin1").partition(":")
            name = name.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "transfer-encoding" and "chunked" in value.lower():
                chunked = True
            elif name == "connection" and "close" in value.lower():
                close = True
        size = 0
        if chunked:
            while True:
                chunk = int((await self.reader.readline()).strip() or b"0", 16)
                if chunk:
                    size += len(await self.reader.readexactly(chunk))
                await self.reader.readline()
                if not chunk:
                    break
        elif length:
            size = len(await self.reader.readexactly(length))
        if close:
            await self.close()
        return status, size

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


def chunks(items: list[Any], n: int) -> Iterator[list[Any]]:
    for i in range(0, len(items), n):
        yield items[i : i + n]


# --- a client for the fault tests -------------------------------------------------------------------


class LiveClient:
    """One player's table socket that behaves like the page: it keeps the newest frame (by deal and
    seq), collects error frames, and when the connection fails or closes with 1006, 1011, 1012 or
    1013 (the codes htmx's ws extension reconnects after: a server that died, an exception in the
    server's consumer, which daphne closes with 1011) it connects again by itself with a growing
    pause (0.1 s doubling up to 2 s). Any other close code ends it (``ended`` holds the code)."""

    def __init__(self, base_ws: str, session_id: int, cookie: str) -> None:
        self.base_ws = base_ws
        self.url = f"{base_ws}/ws/table/{session_id}/"
        self.cookie = cookie
        self.newest: FrameInfo | None = None
        self.text = ""
        self.errors: list[dict[str, Any]] = []
        self.connects = 0
        self.closes = 0
        self.ws: Any = None
        self.changed = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.close_codes: list[int | None] = []
        self.ended: int | None = None

    def start(self) -> LiveClient:
        self.task = asyncio.create_task(self._run())
        return self

    async def _run(self) -> None:
        import websockets

        pause = 0.1
        while True:
            try:
                async with websockets.connect(
                    self.url,
                    origin=self.base_ws.replace("ws://", "http://"),  # type: ignore[arg-type]
                    additional_headers={"Cookie": self.cookie},
                    compression=None,
                    max_size=2**20,
                    open_timeout=10,
                ) as ws:
                    self.ws = ws
                    self.connects += 1
                    pause = 0.1
                    async for text in ws:
                        if not isinstance(text, str):
                            continue
                        if text.startswith("{"):
                            self.errors.append(json.loads(text))
                        else:
                            info = frame_info(text)
                            if info is not None and (
                                self.newest is None or info.position >= self.newest.position
                            ):
                                self.newest, self.text = info, text
                        self.changed.set()
                code = ws.close_code
            except asyncio.CancelledError:
                raise
            except websockets.exceptions.ConnectionClosed as exc:
                code = exc.rcvd.code if exc.rcvd is not None else 1006
            except Exception:  # refused, reset, server gone: the browser sees 1006
                code = 1006
            self.ws = None
            self.closes += 1
            self.close_codes.append(code)
            self.changed.set()
            if code not in (1006, 1011, 1012, 1013):
                self.ended = code
                return
            await asyncio.sleep(pause)
            pause = min(2.0, pause * 2)

    async def wait(self, check: Any, timeout: float = 20.0) -> None:
        """Until ``check(self)`` holds (``TimeoutError`` after ``timeout`` seconds)."""
        deadline = time.monotonic() + timeout
        while not check(self):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.url}: still {self.newest} after {timeout} s")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), min(left, 0.5))

    async def send(self, message: dict[str, Any]) -> None:
        await self.wait(lambda c: c.ws is not None)
        await self.ws.send(json.dumps(message))

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task


async def play_moves(clients: list[LiveClient], count: int, rng: random.Random, timeout: float = 20.0) -> int:
    """``count`` moves, each made by the client whose frame says it is his turn, with one of the
    moves the frame offers; returns after every client has seen the last one."""
    made = 0
    while made < count:
        await clients[0].wait(lambda c: c.newest is not None and c.newest.deal > 0, timeout)
        newest = max(c.newest.position for c in clients if c.newest is not None)
        for client in clients:
            await client.wait(lambda c, p=newest: c.newest is not None and c.newest.position >= p, timeout)
        mover = next((c for c in clients if c.newest is not None and c.newest.my_turn), None)
        if mover is None:
            await asyncio.sleep(0.05)
            continue
        before = mover.newest.position
        await mover.send(rng.choice(frame_moves(mover.text)))
        for client in clients:
            await client.wait(lambda c, p=before: c.newest is not None and c.newest.position > p, timeout)
        made += 1
    return made


# --- pages ------------------------------------------------------------------------------------------

BARE_PATH = "/__bench/bare/"


def bare_view(request: Any) -> Any:
    """A Django view that does nothing: the cost of daphne and the middleware alone."""
    from django.http import HttpResponse

    return HttpResponse("ok", content_type="text/plain")


def install_bare_view() -> None:
    """``BARE_PATH`` served by ``bare_view`` (the benchmarks' servers and in-process runs only)."""
    import importlib

    from django.conf import settings
    from django.urls import clear_url_caches, path

    patterns = importlib.import_module(settings.ROOT_URLCONF).urlpatterns
    if not any(getattr(p, "name", None) == "bench_bare" for p in patterns):
        patterns.insert(0, path(BARE_PATH.strip("/") + "/", bare_view, name="bench_bare"))
        clear_url_caches()


def play_deal(session_id: int) -> int:
    """Deal at a seated table and play the deal to its end through ``table_act`` (basic bots' moves
    in its people's names); returns the deal's id."""
    from django.utils import timezone

    from games.engine import observe
    from games.engine.bots import BasicBot
    from games.models import Deal, TableSession
    from games.services import dealing, session_deal_if_due, table_act

    TableSession.objects.filter(pk=session_id).update(next_deal_at=timezone.now())
    deal = session_deal_if_due(session_id=session_id)
    if deal is None:
        raise RuntimeError(f"table {session_id} did not deal")
    people = {i: seat.member.user for i, seat in enumerate(dealing.deal_players(deal))}
    while True:
        deal = Deal.objects.select_related("session").get(pk=deal.pk)
        if deal.is_over:
            return deal.pk
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        action = BasicBot(seed=deal.seq).choose(observe(state, seat))
        table_act(session_id=session_id, user=people[seat], action=action, expected_seq=deal.seq)


def pages_fixture(*, tables: int = 2, deals: int = 1, grants: int = 1) -> dict[str, Any]:
    """A club night's pages with ``tables`` tables, ``deals`` deals played at the first one and
    ``grants`` extra grants in the first member's history: the lobby, the club page, My chips, a
    table page and a deal page, and that member's session cookie."""
    from club.models import Membership, User
    from games.models import TableSession
    from ledger.services import chips_grant

    bench = seat_tables(max(1, tables))
    first = bench[0]
    deal_id = 0
    for _ in range(max(1, deals)):
        played = play_deal(first.session_id)
        # The first deal's page: its antes always moved chips, so the page reads its journals whatever
        # the cards did (a later deal that moved none skips those reads, and counts would differ).
        deal_id = deal_id or played
    session = TableSession.objects.select_related("club").get(pk=first.session_id)
    member = Membership.objects.get(club=session.club, user_id=first.players[0].user_id)
    owner = User.objects.get(pk=session.club.memberships.filter(role="owner").values("user")[:1])
    for i in range(grants):
        chips_grant(membership=member, amount=1 + i, actor=owner, reason=f"bench {i}", approved=True)
    slug = session.club.slug
    return {
        "cookie": first.players[0].cookie,
        "user_id": first.players[0].user_id,
        "pages": {
            "lobby": "/",
            "club": f"/clubs/{slug}/",
            "my_chips": f"/clubs/{slug}/chips/",
            "table": f"/tables/{first.session_id}/",
            "deal": f"/deals/{deal_id}/",
        },
    }
