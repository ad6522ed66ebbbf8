"""The base of every websocket consumer of the site, and the check of where a websocket comes from.

``JsonSocketConsumer`` takes text frames holding one JSON object and hands the parsed dict to
``receive_message``. Everything else a client can send is answered with an error frame
``{"error": code, "message": sentence}`` in the user's language, logged as one line, and never
reaches the subclass: binary frames, frames over the size limit (checked here, whatever daphne's
command line says), text that is not JSON, JSON that is not an object, nesting deeper than a few
levels, numbers too long to be a move (Python's int-digit limit would raise), NaN and Infinity, NUL
characters, and lone UTF-16 surrogates (``"\\ud800"`` is valid JSON but no character: stored, it broke
every page that showed it). A token bucket limits how many messages a socket may send.

Error codes: ``binary_frame``, ``too_large`` (the socket is then closed with 4009),
``not_json``, ``bad_message``, ``too_deep``, ``bad_number``, ``bad_text``, ``bad_unicode``,
``duplicate_key`` (a field named twice: JSON allows it, and the last one won silently),
``rate_limited`` (closed with 4429 when the client keeps sending), and the code of any
``ServiceError`` a subclass raises.
"""

from __future__ import annotations

import json
import logging
import math
import re
import time
from typing import Any
from urllib.parse import unquote_plus, urlsplit

from channels.auth import AuthMiddleware
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.security.websocket import WebsocketDenier
from channels.sessions import CookieMiddleware, SessionMiddleware
from django.conf import settings
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY
from django.http.request import split_domain_port, validate_host
from django.utils import translation
from django.utils.http import is_same_domain
from django.utils.translation import gettext_lazy as _

from games.engine.json_objects import KeyNamedTwice, named_once

from .errors import ServiceError

logger = logging.getLogger("club.ws")

#: Close codes, both in the application's range 4000-4999: an application may not send RFC 6455's
#: own 1009 "message too big" (daphne's websocket library refuses it and the consumer dies without
#: its disconnect, so its socket count and presence were never given back).
CLOSE_TOO_LARGE = 4009
CLOSE_RATE_LIMITED = 4429

_ERRORS = {
    "binary_frame": _("This connection takes text messages only."),
    "too_large": _("The message is too long."),
    "not_json": _("The message is not valid JSON."),
    "bad_message": _("A message must be a JSON object."),
    "too_deep": _("The message is nested too deeply."),
    "bad_number": _("The message holds a number that is too long, or not a number."),
    "bad_text": _("The message holds a NUL character."),
    "bad_unicode": _("The message holds a broken character (half of a UTF-16 surrogate pair)."),
    "rate_limited": _("Too many messages: slow down."),
    "duplicate_key": _("The message names a field twice."),
}

# Strings (with their escapes) removed before counting brackets: a "[" inside a string is no nesting.
# One never closed runs to the end of the text (a lone backslash last included), so a match begun at a
# quote never fails: a pattern that could fail was tried again from every quote after it, time in the
# square of the frame's length (``"\"\"\"…`` unclosed: half a second for 4 KiB, most of a minute
# for 64 KiB) on the event loop, where no other socket of the process was served meanwhile.
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*(?:"|\\?\Z)', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
# A lone half of a UTF-16 surrogate pair: JSON's "\ud800" escape parses to it, but it is no character,
# and no page, file or PostgreSQL column can hold it (encoding the page raised, a 500).
_SURROGATE = re.compile("[\ud800-\udfff]")


class MessageRefused(Exception):
    """A frame that does not reach ``receive_message``; ``code`` names the reason."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def json_depth(text: str) -> int:
    """How deeply the arrays and objects of a JSON text nest, counted without parsing it (so a
    100,000-deep text costs a scan, not a RecursionError)."""
    depth = deepest = 0
    for match in _BRACKETS.finditer(_JSON_STRING.sub("", text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def parse_message(text: str, *, max_depth: int, max_int_digits: int) -> dict[str, Any]:
    """One JSON object from a text frame, or ``MessageRefused``."""
    if json_depth(text) > max_depth:
        raise MessageRefused("too_deep")

    def parse_int(literal: str) -> int:
        if len(literal.lstrip("-")) > max_int_digits:
            raise MessageRefused("bad_number")
        return int(literal)

    def parse_float(literal: str) -> float:
        if len(literal) > 64:
            raise MessageRefused("bad_number")
        value = float(literal)
        if not math.isfinite(value):  # 1e999 is inf
            raise MessageRefused("bad_number")
        return value

    def parse_constant(literal: str) -> Any:  # NaN, Infinity, -Infinity
        raise MessageRefused("bad_number")

    try:
        value = json.loads(
            text,
            parse_int=parse_int,
            parse_float=parse_float,
            parse_constant=parse_constant,
            # {"do": "away", "do": "sit", ...} read as its last key sat the player down.
            object_pairs_hook=named_once,
        )
    except MessageRefused:
        raise
    except KeyNamedTwice:
        raise MessageRefused("duplicate_key") from None
    except (ValueError, RecursionError) as exc:
        raise MessageRefused("not_json") from exc
    if not isinstance(value, dict):
        raise MessageRefused("bad_message")
    # NUL or a lone surrogate in any key or string, anywhere (the depth is small, so a stack walk is
    # cheap).
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, inner in item.items():
                _check_text(key)
                stack.append(inner)
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            _check_text(item)
    return value


def _check_text(text: str) -> None:
    if "\x00" in text:
        raise MessageRefused("bad_text")
    if _SURROGATE.search(text):
        raise MessageRefused("bad_unicode")


class JsonSocketConsumer(AsyncWebsocketConsumer):
    """A websocket that speaks JSON objects. Subclasses override ``receive_message``; they send with
    ``send_json`` and refuse with ``send_error`` (or by raising a ``ServiceError``)."""

    #: Largest frame accepted, in bytes (UTF-8); None: settings.WEBSOCKET_MAX_MESSAGE_SIZE.
    max_message_bytes: int = None  # type: ignore[assignment]  # set per instance in __init__
    #: Deepest nesting of arrays and objects (a move is a flat object).
    max_depth: int = 4
    #: Longest integer literal, in digits (chip amounts and sequence numbers fit in 18).
    max_int_digits: int = 18
    #: Token bucket: messages per second on average, and the burst allowed.
    rate_per_second: float = 20.0
    rate_burst: int = 40

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.max_message_bytes is None:
            self.max_message_bytes = settings.WEBSOCKET_MAX_MESSAGE_SIZE
        self._tokens = float(self.rate_burst)
        self._tokens_at = time.monotonic()
        self._refused_in_a_row = 0

    # --- what subclasses use ------------------------------------------------------------------------

    async def receive_message(self, message: dict[str, Any]) -> None:
        """One message from the client: a dict parsed from a text frame. Subclasses override."""

    async def send_json(self, content: Any) -> None:
        await self.send(text_data=json.dumps(content, allow_nan=False, separators=(",", ":")))

    async def send_error(self, code: str, message: str, **extra: Any) -> None:
        """Send ``{"error": code, "message": message, **extra}``; a lazy ``message`` is translated
        into the socket user's language."""
        with translation.override(self.language()):
            await self.send_json({"error": code, "message": str(message), **extra})

    def language(self) -> str:
        """The user's preferred language if the scope has a user with one, else the site default."""
        user = self.scope.get("user")
        preferred = getattr(user, "preferred_language", "") or ""
        return preferred if preferred in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE

    # --- the frame pipeline ------------------------------------------------------------------------

    async def websocket_receive(self, message: dict[str, Any]) -> None:
        text, data = message.get("text"), message.get("bytes")
        if not self._take_token():
            await self._refuse("rate_limited")
            if self._refused_in_a_row > self.rate_burst:
                await self.close(code=CLOSE_RATE_LIMITED)
            return
        size = self._size(text, data)
        if size > self.max_message_bytes:
            await self._refuse("too_large", limit=self.max_message_bytes)
            await self.close(code=CLOSE_TOO_LARGE)
            return
        if text is None:
            await self._refuse("binary_frame")
            return
        try:
            parsed = parse_message(text, max_depth=self.max_depth, max_int_digits=self.max_int_digits)
        except MessageRefused as refusal:
            await self._refuse(refusal.code)
            return
        self._refused_in_a_row = 0
        try:
            await self.receive_message(parsed)
        except ServiceError as exc:
            await self.send_error(exc.code, exc.message)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        raise NotImplementedError("JsonSocketConsumer hands frames to receive_message")

    @staticmethod
    def _size(text: str | None, data: bytes | None) -> int:
        if text is None:
            return len(data or b"")
        return len(text.encode("utf-8", "surrogatepass"))

    def _take_token(self) -> bool:
        now = time.monotonic()
        refill = (now - self._tokens_at) * self.rate_per_second
        self._tokens = min(float(self.rate_burst), self._tokens + refill)
        self._tokens_at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    async def _refuse(self, code: str, **extra: Any) -> None:
        self._refused_in_a_row += 1
        user = self.scope.get("user")
        logger.info(
            "websocket %s: message refused (%s) from user %s",
            self.scope.get("path", "?"), code, getattr(user, "pk", None),
        )
        await self.send_error(code, _ERRORS[code], **extra)


# --- where a websocket may come from ----------------------------------------------------------------


def _is_secure(scope: dict[str, Any]) -> bool:
    if scope.get("scheme") in ("wss", "https"):
        return True
    header = settings.SECURE_PROXY_SSL_HEADER
    if header:  # ("HTTP_X_FORWARDED_PROTO", "https"): the same trust Django gives the proxy
        name = header[0].removeprefix("HTTP_").replace("_", "-").lower().encode("latin1")
        for key, value in scope.get("headers", []):
            if key == name:
                return value.decode("latin1").split(",")[0].strip() == header[1]
    return False


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            try:
                return value.decode("latin1")
            except UnicodeDecodeError:
                return None
    return None


def _trusted_origin(origin: str) -> bool:
    """An origin listed in CSRF_TRUSTED_ORIGINS, read as Django's CSRF check reads it (including the
    "https://*.example.org" form for subdomains)."""
    parts = urlsplit(origin)
    for trusted in settings.CSRF_TRUSTED_ORIGINS:
        trusted = trusted.lower().rstrip("/")
        if trusted == origin:
            return True
        if "*" in trusted:
            t = urlsplit(trusted)
            if t.scheme == parts.scheme and is_same_domain(parts.netloc, t.netloc.removeprefix("*")):
                return True
    return False


def origin_allowed(scope: dict[str, Any]) -> bool:
    """A websocket is the site's own when its Origin is exactly the site's origin: the scheme the
    browser used, the Host it asked for (which must be in ALLOWED_HOSTS) and its port, as Django's
    CSRF check compares a form's Origin; or an origin listed in CSRF_TRUSTED_ORIGINS (a site served
    under another name through a proxy). So ``http://localhost:9999`` is refused for a site served at
    ``http://localhost:8000``, though both are "localhost"."""
    origin = _header(scope, b"origin")
    if not origin or origin == "null":
        return False
    origin = origin.strip().lower().rstrip("/")
    try:
        if _trusted_origin(origin):
            return True
    except ValueError:
        # No URL at all ("http://[::1", an unclosed IPv6 bracket): urlsplit raised, a server error
        # for whoever sent it. No site has such an origin.
        return False
    host = (_header(scope, b"host") or "").strip().lower()
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return False
    scheme = "https" if _is_secure(scope) else "http"
    default_port = {"http": "80", "https": "443"}[scheme]
    good = f"{scheme}://{host}"
    return origin in {good, good.removesuffix(f":{default_port}"), f"{good}:{default_port}"}


def _nul_in(scope: dict[str, Any]) -> bool:
    """A NUL character in the socket's path, query (as it reads decoded) or any header."""
    if "\x00" in scope.get("path", "") or "\x00" in unquote_plus(
        scope.get("query_string", b"").decode("latin1")
    ):
        return True
    return any(b"\x00" in value for _name, value in scope.get("headers", []))


class RejectNulSockets:
    """ASGI middleware: a websocket with a NUL character in its path, query or headers is denied at
    the handshake (403), before the session is looked up, as ``club.middleware.RejectNulMiddleware``
    answers a page with one. PostgreSQL refuses NUL in text: a session cookie holding one made the
    session's lookup raise, a server error with a traceback for any client who sent it."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and _nul_in(scope):
            logger.info("websocket %r: NUL character in the request, refused", scope.get("path", "?")[:200])
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)


class SiteAuthMiddleware(AuthMiddleware):
    """Channels' ``AuthMiddleware``, which notes in the scope why a login the session held is over
    (``scope["login_ended"]``: "password_changed"). Channels empties a session whose password hash
    no longer matches, and the table socket, finding nobody logged in, said "You logged out" to a
    player whose password had been changed elsewhere (review 135)."""

    async def resolve_scope(self, scope: dict[str, Any]) -> None:
        session = scope["session"]
        told = await database_sync_to_async(_login_told)(session)
        # Emptied, the session keeps its row for the browser's next page and other tabs (review 137).
        session.read_by_socket = True
        await super().resolve_scope(scope)
        if scope["user"].is_authenticated:
            return
        if told is not None and await database_sync_to_async(_password_changed)(*told):
            scope["login_ended"] = "password_changed"
        elif _password_change_marked(session):  # read above (``_login_told``): no query
            # A page of the browser (another tab) found the login ended first, and emptied the session:
            # it holds the word for the log-in page, and the table tab says it too (review 137).
            scope["login_ended"] = "password_changed"


def _login_told(session: Any) -> tuple[str, str] | None:
    """The user id and password hash a session's login holds, if it holds one."""
    user_id, told = session.get(SESSION_KEY), session.get(HASH_SESSION_KEY)
    return (str(user_id), told) if user_id is not None and isinstance(told, str) else None


def _password_change_marked(session: Any) -> bool:
    from .sessions import PASSWORD_CHANGED_MARK

    return bool(session.get(PASSWORD_CHANGED_MARK))


def _password_changed(user_id: str, told: str) -> bool:
    from .sessions import _password_changed_of

    return _password_changed_of(user_id, told)


def site_auth_stack(inner: Any) -> Any:
    """Channels' ``AuthMiddlewareStack``, its user read by ``SiteAuthMiddleware``."""
    return CookieMiddleware(SessionMiddleware(SiteAuthMiddleware(inner)))


class SiteOriginValidator:
    """ASGI middleware: websockets whose Origin is not the site's own are denied (403 at handshake)."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and not origin_allowed(scope):
            logger.info("websocket %s: origin %r refused", scope.get("path", "?"), _header(scope, b"origin"))
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
