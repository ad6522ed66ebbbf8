"""Review 131: a frame that opens a JSON string and never closes it, full of escaped quotes
(``"\\"\\"\\"…``), cost the nesting check (``club.ws.json_depth``) time in the square of its length:
the check's pattern tried again from every quote of the frame. It runs on the server's event loop,
before the frame is parsed, so while it ran no socket of the process was served: one such frame of
16 KiB on the connection-status socket held every table of the process for seconds (the limit is
64 KiB: most of a minute), and on a table socket (4 KiB) about half a second a frame, sixteen at a
burst. Any logged-in account could send them. Now the scan reads each character once."""

from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.conf import settings

from club.consumers import PingConsumer
from club.ws import json_depth, parse_message

pytestmark = pytest.mark.django_db(transaction=True)


def _open_quotes(size: int) -> str:
    """An unclosed JSON string of escaped quotes, ``size`` characters long."""
    return ('"' + '\\"' * size)[:size]


def _open_backslashes(size: int) -> str:
    """Quotes each followed by a backslash: every quote starts a string that never closes."""
    return ('"\\' * size)[:size]


class SiteLimitPing(PingConsumer):
    """The ping socket at the site's frame limit (its own is a few hundred bytes since review 147)."""

    max_message_bytes = None  # type: ignore[assignment]  # settings.WEBSOCKET_MAX_MESSAGE_SIZE


async def _connect(pk: int) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(SiteLimitPing.as_asgi(), "/ws/ping/")
    communicator.scope["user"] = SimpleNamespace(pk=pk, is_authenticated=True, preferred_language="")
    connected, _ = await communicator.connect(timeout=5)
    assert connected
    return communicator


def test_an_unclosed_string_frame_does_not_hold_the_other_sockets_of_the_process():
    frame = _open_quotes(16 * 1024)

    async def scenario() -> tuple[float, dict]:
        attacker = await _connect(pk=131)
        player = await _connect(pk=132)
        started = time.monotonic()
        await attacker.send_to(text_data=frame)
        # A moment for the attacker's socket to take its frame up (a sleep ends only once the loop
        # is free again), then the player asks.
        await asyncio.sleep(0.05)
        await player.send_json_to({"do": "ping", "seq": 1})
        assert await player.receive_json_from(timeout=60) == {"pong": 1}
        waited = time.monotonic() - started
        refused = await attacker.receive_json_from(timeout=60)
        await attacker.disconnect()
        await player.disconnect()
        return waited, refused

    waited, refused = async_to_sync(scenario)()
    assert refused["error"] == "not_json"
    assert waited < 1.0, f"another socket's ping waited {waited:.1f} s behind one frame"


@pytest.mark.parametrize("make", [_open_quotes, _open_backslashes])
def test_the_largest_frame_a_socket_takes_is_scanned_at_once(make):
    frame = make(settings.WEBSOCKET_MAX_MESSAGE_SIZE)
    started = time.monotonic()
    json_depth(frame)
    assert time.monotonic() - started < 0.5


def test_depth_is_read_as_before():
    assert json_depth('{"a": "[[[[[["}') == 1
    assert json_depth('{"a": "\\"[[[["}') == 1
    assert json_depth('{"a": "\\\\", "b": [[1]]}') == 3  # an escaped backslash ends no string
    assert json_depth('["]", {"}": ["["]}]') == 3
    assert json_depth("[[[]]]") == 3
    assert json_depth("[" * 60_000) == 60_000
    assert json_depth("") == 0
    # Brackets after a string that never closes are inside it: the parser refuses the frame.
    assert json_depth('{"a": "[[[[[[') == 1
    assert parse_message('{"do": "ping", "x": ["a", {"b": 1}]}', max_depth=4, max_int_digits=18) == {
        "do": "ping",
        "x": ["a", {"b": 1}],
    }
