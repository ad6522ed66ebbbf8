"""Review 129 (a check, no fault found): "Seat a bot here" sent twice (a double click that got past
the page's guard, a second tab, two plain posts at the same moment) is answered the second time as
news ("A bot already sits at seat 3.", "done" on the socket, an info message on the plain form), as
"Stand the bot up" twice is; one bot sits there. Review 55's test covers one plain form after the
other; these cover the socket and two at the same moment."""

from __future__ import annotations

import json
import threading

import pytest
from asgiref.sync import async_to_sync
from django.db import connection

from games.models import Seat
from games.services import TableError, table_bot_add

from .sockets import connect, frames, is_error

pytestmark = pytest.mark.django_db(transaction=True)


def _bots(table) -> int:
    return Seat.objects.filter(session=table).exclude(status=Seat.Status.LEFT).exclude(bot="").count()


@pytest.mark.usefixtures("memory_layer")
def test_the_socket_says_the_second_as_done(make_table, owner):
    table = make_table()
    bot = {"do": "bot", "position": 3, "buy_in": 200}

    async def scenario() -> list[dict]:
        socket = await connect(owner, table.pk)
        assert (await socket.connect(timeout=5))[0]
        await frames(socket)
        said = []
        for message in (bot, bot):
            await socket.send_json_to(message)
            said += [json.loads(f) for f in await frames(socket, timeout=1) if is_error(f)]
        await socket.disconnect()
        return said

    said = async_to_sync(scenario)()
    assert said == [{"error": "seat_taken", "message": "A bot already sits at seat 3.", "done": True}], said
    assert _bots(table) == 1


def test_two_at_the_same_moment_one_is_done(make_table, owner):
    table = make_table()
    out: list[object] = []
    barrier = threading.Barrier(2)

    def seat() -> None:
        try:
            barrier.wait()
            table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=200)
            out.append("seated")
        except TableError as exc:
            out.append((exc.done, exc.message))
        finally:
            connection.close()

    threads = [threading.Thread(target=seat) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(out, key=str) == sorted(["seated", (True, "A bot already sits at seat 3.")], key=str), out
    assert _bots(table) == 1
