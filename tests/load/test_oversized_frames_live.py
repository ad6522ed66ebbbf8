"""Through a real daphne: a frame over the size limit is refused and the socket closed with a code
an application may send, so its disconnect runs and gives back the person's socket count and
presence (with RFC 6455's 1009 daphne's websocket library killed the consumer instead: twelve long
frames locked a player out of every table until the server restarted)."""

from __future__ import annotations

import asyncio
import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async

from games.consumers import MAX_MESSAGE_BYTES, MAX_SOCKETS_PER_USER
from games.management.commands._loadkit import login_cookie
from games.models import Presence
from tests.games.conftest import sit_all

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _connections(table_id: int, user_id: int) -> int:
    row = Presence.objects.filter(session_id=table_id, user_id=user_id).values("connections").first()
    return row["connections"] if row else 0


def test_oversized_frames_close_cleanly_and_leave_no_socket_counted(daphne, make_table, players):
    import websockets

    table = make_table()
    sit_all(table, players)
    vera = players[0]
    cookie = login_cookie(vera)
    server = daphne()
    url = f"{server.ws_url}/ws/table/{table.pk}/"

    async def open_socket():
        return await websockets.connect(
            url, origin=server.url, additional_headers={"Cookie": cookie}, open_timeout=20, max_size=2**20
        )

    async def scenario() -> tuple[list[int | None], list[str], int]:
        codes, errors = [], []
        for _ in range(MAX_SOCKETS_PER_USER + 2):
            ws = await open_socket()
            first = await asyncio.wait_for(ws.recv(), 20)
            assert not first.startswith("{"), first  # the table itself, not a refusal
            await ws.send(json.dumps({"do": "sync", "pad": "x" * (MAX_MESSAGE_BYTES + 100)}))
            try:
                while True:
                    text = await asyncio.wait_for(ws.recv(), 20)
                    if text.startswith("{"):
                        errors.append(json.loads(text)["error"])
            except websockets.ConnectionClosed as closed:
                codes.append(closed.rcvd.code if closed.rcvd else None)
        # Every socket was given back: one more opens and shows the table.
        ws = await open_socket()
        first = await asyncio.wait_for(ws.recv(), 20)
        await ws.close()
        for _ in range(100):  # the last close's presence write
            left = await sync_to_async(_connections)(table.pk, vera.pk)
            if left == 0:
                break
            await asyncio.sleep(0.1)
        assert not first.startswith("{"), first
        return codes, errors, left

    codes, errors, left = async_to_sync(scenario)()
    assert codes == [4009] * (MAX_SOCKETS_PER_USER + 2)
    assert errors == ["too_large"] * (MAX_SOCKETS_PER_USER + 2)
    assert left == 0
