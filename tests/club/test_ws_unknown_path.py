"""A websocket to a path no route names is refused at the handshake, with one line in the log
(review 12).

Channels' router raised ValueError("No route found ...") for ``/ws/table/-1/`` or ``/ws/x``: daphne
answered 500 and logged an ERROR with a traceback, for any client from the site's origin, as often as
he liked (log noise that pages the people on call).
"""

from __future__ import annotations

import logging

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

from club.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)

SITE = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]


@pytest.mark.parametrize("path", ["/ws/table/-1/", "/ws/table/x/", "/ws/nothing/", "/", "/ws/ping/extra"])
def test_a_socket_to_an_unknown_path_is_refused_without_an_error_in_the_log(path, caplog):
    caplog.set_level(logging.INFO)

    async def scenario() -> tuple[bool, object]:
        socket = WebsocketCommunicator(application, path, headers=SITE)
        return await socket.connect(timeout=5)

    connected, _code = async_to_sync(scenario)()
    assert not connected
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert any("no such path" in r.getMessage() for r in caplog.records if r.name == "club.ws")


def test_the_known_paths_still_answer():
    async def scenario() -> tuple[bool, object]:
        socket = WebsocketCommunicator(application, "/ws/ping/", headers=SITE)
        return await socket.connect(timeout=5)

    connected, code = async_to_sync(scenario)()
    assert not connected and code == 4401  # the ping socket's own refusal of a stranger, not the denier
