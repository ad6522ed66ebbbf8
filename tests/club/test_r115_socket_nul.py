"""Review 115: a websocket handshake whose cookie holds a NUL character (``sessionid=ab\\x00c``) was a
server error: the session middleware looked the key up, PostgreSQL refused the NUL, and the
application raised (a traceback in the error log, as often as any script liked to connect). Pages
refuse a NUL anywhere in a request before any middleware reads it (``RejectNulMiddleware``, a 400);
a socket is refused at its handshake in the same way, with one line in the log."""

from __future__ import annotations

import logging

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

pytestmark = pytest.mark.django_db(transaction=True)

SITE = [(b"origin", b"http://testserver"), (b"host", b"testserver")]


def _connect(path: str, headers: list[tuple[bytes, bytes]], query: str = "") -> tuple[bool, int | None]:
    from club.asgi import application

    async def go() -> tuple[bool, int | None]:
        socket = WebsocketCommunicator(application, path + query, headers=SITE + headers)
        connected, code = await socket.connect(timeout=5)
        if connected:
            await socket.disconnect()
        return connected, code

    return async_to_sync(go)()


@pytest.mark.parametrize("path", ["/ws/ping/", "/ws/table/1/"])
@pytest.mark.parametrize(
    "headers",
    [
        [(b"cookie", b"sessionid=abc\x00defghijklmnop")],
        [(b"cookie", b"csrftoken=x\x00y; sessionid=abcdefghijklmnop")],
        [(b"accept-language", b"ru\x00")],
    ],
    ids=["session", "other-cookie", "header"],
)
def test_a_nul_in_a_sockets_headers_is_refused_at_the_handshake(path, headers, caplog):
    with caplog.at_level(logging.INFO):
        connected, _code = _connect(path, headers)
    assert not connected
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_a_nul_in_a_sockets_query_is_refused_too():
    assert not _connect("/ws/table/1/", [], "?as=1%00")[0]


def test_a_plain_cookie_still_connects(make_user):
    from django.test import Client

    user = make_user("nulless")
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    assert _connect("/ws/ping/", [(b"cookie", cookie)])[0]
