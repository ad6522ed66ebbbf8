"""Review 115: a websocket whose Origin header is no URL Python can split (``http://[::1``, an
unclosed IPv6 bracket) was a server error: the origin check's ``urlsplit`` raised ValueError, a
traceback in the error log for any script that sent it. Such an origin is no site's: it is refused
at the handshake (403), as any other foreign origin is."""

from __future__ import annotations

import logging

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

from club.ws import origin_allowed

pytestmark = pytest.mark.django_db(transaction=True)


def _connect(origin: bytes, host: bytes = b"testserver") -> bool:
    from club.asgi import application

    async def go() -> bool:
        headers = [(b"origin", origin), (b"host", host)]
        socket = WebsocketCommunicator(application, "/ws/ping/", headers=headers)
        connected, _code = await socket.connect(timeout=5)
        if connected:
            await socket.disconnect()
        return connected

    return async_to_sync(go)()


@pytest.mark.parametrize("origin", [b"http://[::1", b"http://[", b"https://[v1.x", b"http://]::1["])
def test_an_origin_that_is_no_url_is_refused(origin, caplog):
    with caplog.at_level(logging.INFO):
        assert not _connect(origin, b"[")
        assert not _connect(origin)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_an_odd_origin_is_refused_with_trusted_origins_set(settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://*.example.org", "https://khrap.example.org"]
    scope = {"type": "websocket", "headers": [(b"origin", b"https://[::1"), (b"host", b"testserver")]}
    assert origin_allowed(scope) is False
    good = {"type": "websocket", "headers": [(b"origin", b"https://khrap.example.org"), (b"host", b"x")]}
    assert origin_allowed(good) is True
