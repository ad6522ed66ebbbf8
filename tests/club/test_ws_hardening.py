"""What a websocket client can send that is not a proper message gets an error frame, the socket
stays usable (or is closed with a proper code), and the log gets one line, never a traceback.

Before club.ws.JsonSocketConsumer each of these closed the socket with 1011 and logged a traceback.
The same consumer enforces settings.WEBSOCKET_MAX_MESSAGE_SIZE itself (daphne's command-line flag
was the only limit: a 960 KiB frame was processed without it).
"""

from __future__ import annotations

import json
import logging
from types import SimpleNamespace
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

from club.asgi import application
from club.consumers import PingConsumer
from club.ws import JsonSocketConsumer, json_depth, origin_allowed, parse_message

pytestmark = pytest.mark.django_db(transaction=True)


class SiteLimitPing(PingConsumer):
    """The ping socket at the site's frame limit (its own is a few hundred bytes, review 147): these
    tests send the base pipeline frames of tens of KiB."""

    max_message_bytes = None  # type: ignore[assignment]  # settings.WEBSOCKET_MAX_MESSAGE_SIZE


def _user(pk: int = 7, language: str = "") -> SimpleNamespace:
    return SimpleNamespace(pk=pk, is_authenticated=True, preferred_language=language)


async def _connect(consumer: Any = SiteLimitPing, language: str = "") -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(consumer.as_asgi(), "/ws/ping/")
    communicator.scope["user"] = _user(language=language)
    connected, _ = await communicator.connect(timeout=5)
    assert connected
    return communicator


async def _still_usable(c: WebsocketCommunicator) -> None:
    await c.send_json_to({"do": "ping", "seq": 99})
    assert await c.receive_json_from(timeout=5) == {"pong": 99}


def _no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not bad, [(r.name, r.getMessage()) for r in bad]


BAD_TEXT_FRAMES = [
    ("not json at all", "not_json"),
    ('{"do": "ping"', "not_json"),
    (" ", "not_json"),
    ('["ping"]', "bad_message"),
    ('"ping"', "bad_message"),
    ("17", "bad_message"),
    ("null", "bad_message"),
    ('{"do": "ping", "x": ' + "[" * 30_000 + "]" * 30_000 + "}", "too_deep"),
    ("[" * 60_000, "too_deep"),
    ('{"a": {"b": {"c": {"d": {"e": 1}}}}}', "too_deep"),
    ('{"do": "ping", "seq": ' + "9" * 50_000 + "}", "bad_number"),
    ('{"do": "ping", "seq": ' + "9" * 19 + "}", "bad_number"),
    ('{"do": "ping", "seq": NaN}', "bad_number"),
    ('{"do": "ping", "seq": Infinity}', "bad_number"),
    ('{"do": "ping", "seq": -Infinity}', "bad_number"),
    ('{"do": "ping", "seq": 1e999}', "bad_number"),
    ('{"do": "ping\\u0000"}', "bad_text"),
    ('{"do\\u0000": "ping"}', "bad_text"),
    ('{"do": "ping", "x": ["a", {"y": "\\u0000"}]}', "bad_text"),
    ('{"do": "ping\x00"}', "not_json"),  # a raw control character is not JSON
]


@pytest.mark.parametrize("frame, code", BAD_TEXT_FRAMES,
                         ids=[c + str(i) for i, (_, c) in enumerate(BAD_TEXT_FRAMES)])
def test_bad_text_frame_gets_an_error_frame_and_the_socket_stays_usable(frame, code, caplog):
    caplog.set_level(logging.DEBUG)

    async def scenario() -> None:
        c = await _connect()
        await c.send_to(text_data=frame)
        answer = await c.receive_json_from(timeout=5)
        assert answer["error"] == code and answer["message"]
        await _still_usable(c)
        await c.disconnect()

    async_to_sync(scenario)()
    _no_traceback(caplog)
    assert any(code in r.getMessage() for r in caplog.records if r.name == "club.ws")


def test_binary_frame_is_refused_and_the_socket_stays_usable(caplog):
    async def scenario() -> None:
        c = await _connect()
        await c.send_to(bytes_data=b"\x00\xff\x00binary")
        answer = await c.receive_json_from(timeout=5)
        assert answer["error"] == "binary_frame"
        await _still_usable(c)
        await c.disconnect()

    async_to_sync(scenario)()
    _no_traceback(caplog)


@pytest.mark.parametrize("kind", ["text", "bytes"])
def test_a_960_kib_frame_is_refused_by_the_application_and_closed_with_4009(kind, caplog, settings):
    assert settings.WEBSOCKET_MAX_MESSAGE_SIZE == 64 * 1024

    async def scenario() -> None:
        c = await _connect()
        payload = json.dumps({"do": "ping", "pad": "x" * (960 * 1024)})
        if kind == "text":
            await c.send_to(text_data=payload)
        else:
            await c.send_to(bytes_data=payload.encode())
        answer = await c.receive_json_from(timeout=5)
        assert answer["error"] == "too_large" and answer["limit"] == 64 * 1024
        closed = await c.receive_output(timeout=5)
        assert closed == {"type": "websocket.close", "code": 4009}

    async_to_sync(scenario)()
    _no_traceback(caplog)


def test_the_limit_counts_bytes_not_characters(settings):
    settings.WEBSOCKET_MAX_MESSAGE_SIZE = 100

    async def scenario() -> None:
        c = await _connect()
        short = json.dumps({"do": "ping", "p": "я" * 30}, ensure_ascii=False)
        long = json.dumps({"do": "ping", "p": "я" * 45}, ensure_ascii=False)
        assert len(short.encode()) <= 100 and len(long) <= 100 < len(long.encode())
        await c.send_to(text_data=short)
        assert await c.receive_json_from(timeout=5) == {"pong": None}
        await c.send_to(text_data=long)
        assert (await c.receive_json_from(timeout=5))["error"] == "too_large"

    async_to_sync(scenario)()


def test_refusals_are_sentences_and_the_socket_language_is_the_users():
    async def scenario() -> None:
        english = await _connect()
        await english.send_to(text_data="[1]")
        assert await english.receive_json_from(timeout=5) == {
            "error": "bad_message", "message": "A message must be a JSON object."}
        await english.disconnect()

    async_to_sync(scenario)()
    consumer = PingConsumer()
    consumer.scope = {"user": _user(language="bg")}
    assert consumer.language() == "bg"
    consumer.scope = {"user": _user(language="xx")}
    assert consumer.language() == "en"
    consumer.scope = {}
    assert consumer.language() == "en"


def test_send_error_translates_a_lazy_message_into_the_users_language():
    from django.utils.translation import gettext_lazy

    class Echo(JsonSocketConsumer):
        async def receive_message(self, message: dict[str, Any]) -> None:
            await self.send_error("demo", gettext_lazy("Russian"), hint=1)

    async def scenario() -> None:
        c = await _connect(Echo, language="ru")
        await c.send_json_to({"x": 1})
        assert await c.receive_json_from(timeout=5) == {"error": "demo", "message": "Русский", "hint": 1}
        other = await _connect(Echo)
        await other.send_json_to({"x": 1})
        assert (await other.receive_json_from(timeout=5))["message"] == "Russian"

    async_to_sync(scenario)()


def test_a_service_error_raised_by_a_subclass_becomes_an_error_frame(caplog):
    from club.errors import ServiceError

    class Refuser(JsonSocketConsumer):
        async def receive_message(self, message: dict[str, Any]) -> None:
            raise ServiceError("Not your turn.", code="not_your_turn")

    async def scenario() -> None:
        c = await _connect(Refuser)
        await c.send_json_to({"do": "play"})
        assert await c.receive_json_from(timeout=5) == {"error": "not_your_turn", "message": "Not your turn."}
        await c.send_json_to({"do": "play"})
        assert (await c.receive_json_from(timeout=5))["error"] == "not_your_turn"

    async_to_sync(scenario)()
    _no_traceback(caplog)


def test_rate_limit_answers_then_closes_a_client_that_keeps_flooding(caplog):
    class Strict(PingConsumer):
        rate_per_second = 0.001
        rate_burst = 3

    async def scenario() -> None:
        c = await _connect(Strict)
        for i in range(3):
            await c.send_json_to({"do": "ping", "seq": i})
            assert await c.receive_json_from(timeout=5) == {"pong": i}
        await c.send_json_to({"do": "ping", "seq": 3})
        assert (await c.receive_json_from(timeout=5))["error"] == "rate_limited"
        for _i in range(3):
            await c.send_json_to({"do": "ping"})
            assert (await c.receive_json_from(timeout=5))["error"] == "rate_limited"
        assert await c.receive_output(timeout=5) == {"type": "websocket.close", "code": 4429}

    async_to_sync(scenario)()
    _no_traceback(caplog)


def test_rate_limit_refills():
    class Quick(PingConsumer):
        rate_per_second = 1000.0
        rate_burst = 2

    async def scenario() -> None:
        import asyncio

        c = await _connect(Quick)
        for i in range(10):
            await c.send_json_to({"do": "ping", "seq": i})
            assert await c.receive_json_from(timeout=5) == {"pong": i}
            await asyncio.sleep(0.005)

    async_to_sync(scenario)()


def test_parse_message_and_depth_directly():
    assert json_depth('{"a": "[[[[[["}') == 1
    assert json_depth('{"a": "\\"[[[["}') == 1
    assert json_depth("[[[]]]") == 3
    assert parse_message('{"do": "ping", "seq": 17, "card": "AS"}', max_depth=4, max_int_digits=18) == {
        "do": "ping", "seq": 17, "card": "AS"}


def test_send_json_refuses_nan_on_the_way_out():
    class Bad(JsonSocketConsumer):
        async def receive_message(self, message: dict[str, Any]) -> None:
            await self.send_json({"x": float("nan")})

    async def scenario() -> None:
        c = await _connect(Bad)
        await c.send_json_to({"x": 1})
        # A bug in a subclass is a bug: it is not hidden (the socket closes with 1011).
        with pytest.raises(ValueError):
            await c.receive_output(timeout=5)

    async_to_sync(scenario)()


# --- origins ----------------------------------------------------------------------------------------


def _scope(origin: str | None, host: str | None = "127.0.0.1:8000", scheme: str = "ws",
           extra: list[tuple[bytes, bytes]] | None = None) -> dict[str, Any]:
    headers = []
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    if host is not None:
        headers.append((b"host", host.encode()))
    return {"type": "websocket", "scheme": scheme, "headers": headers + (extra or [])}


@pytest.mark.parametrize("origin, host, scheme, allowed", [
    ("http://127.0.0.1:8000", "127.0.0.1:8000", "ws", True),   # make demo
    ("http://localhost:8000", "localhost:8000", "ws", True),
    ("http://[::1]:8000", "[::1]:8000", "ws", True),
    ("http://localhost:9999", "localhost:8000", "ws", False),  # another port of an allowed host
    ("https://localhost:8000", "localhost:8000", "ws", False),  # another scheme
    ("http://localhost", "localhost:8000", "ws", False),
    ("http://localhost", "localhost", "ws", True),
    ("http://localhost:80", "localhost", "ws", True),
    ("https://localhost", "localhost", "wss", True),
    ("http://localhost", "localhost", "wss", False),
    ("http://evil.example", "localhost", "ws", False),
    ("http://evil.example", "evil.example", "ws", False),      # a host the site does not serve
    ("null", "localhost", "ws", False),
    (None, "localhost", "ws", False),
    ("http://127.0.0.1:8000", None, "ws", False),
])
def test_origin_must_be_the_sites_own(origin, host, scheme, allowed):
    assert origin_allowed(_scope(origin, host, scheme)) is allowed


def test_origin_behind_a_tls_proxy(settings):
    """The proxy speaks plain ws to daphne and says https in X-Forwarded-Proto."""
    settings.ALLOWED_HOSTS = ["khrap.example.org"]
    proto = [(b"x-forwarded-proto", b"https")]
    scope = _scope("https://khrap.example.org", "khrap.example.org", "ws", proto)
    assert not origin_allowed(scope)  # without BEHIND_PROXY the header is not trusted
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    assert origin_allowed(scope)
    assert not origin_allowed(_scope("http://khrap.example.org", "khrap.example.org", "ws", proto))
    assert not origin_allowed(_scope("https://khrap.example.org:8443", "khrap.example.org", "ws", proto))


def test_csrf_trusted_origins_are_allowed(settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://khrap.example.org", "https://*.khrap.example.net"]
    assert origin_allowed(_scope("https://khrap.example.org", "internal:8000"))
    assert origin_allowed(_scope("https://eu.khrap.example.net", "internal:8000"))
    assert not origin_allowed(_scope("https://evilkhrap.example.net", "internal:8000"))
    assert not origin_allowed(_scope("http://khrap.example.org", "internal:8000"))


def test_the_application_refuses_a_foreign_port_at_the_handshake():
    async def scenario() -> None:
        for origin, ok in (("http://localhost:9999", False), ("http://localhost:8000", True)):
            c = WebsocketCommunicator(application, "/ws/ping/",
                                      headers=[(b"origin", origin.encode()), (b"host", b"localhost:8000")])
            connected, code = await c.connect(timeout=5)
            assert not connected
            # The site's origin passes the check and reaches the consumer, which wants a login (4401).
            assert (code == 4401) is ok, (origin, code)

    async_to_sync(scenario)()
