"""A table socket ends with its login when the login simply runs out.

A logout or a password change closed the table's sockets at once, but a login that reached its
expiry sent nothing: the tab kept acting for its player (moves, "Leave" cashing out a stack) for as
long as it stayed open, days after every page had sent him to log in. The heartbeat reads the
login's end once it is due, and a login renewed meanwhile keeps the socket.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from games import consumers

from .conftest import sit_all
from .sockets import error_of, frames, is_error
from .test_socket_login_end import _closed_with, _open

# The in-memory channel layer (the fixture in conftest.py).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("memory_layer")]


@pytest.fixture(autouse=True)
def _quick_beats(monkeypatch):
    monkeypatch.setattr(consumers, "HEARTBEAT_SECONDS", 0.05)


def _login_of(user) -> str:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client.session.session_key


def _expires(key: str, when) -> None:
    Session.objects.filter(session_key=key).update(expire_date=when)


def test_a_login_that_runs_out_closes_its_table_socket(make_table, players):
    table = make_table()
    sit_all(table, players)
    key = _login_of(players[0])

    async def scenario():
        socket = await _open(players[0], table.pk, key)
        # Its end comes while the socket is open. Set only once the socket has drawn its picture: an
        # end fixed before the connect came, on a loaded machine, while the first picture was still
        # being drained, and the drain took the close with it (the test then waited for nothing).
        await sync_to_async(_expires)(key, timezone.now() + timedelta(seconds=0.2))
        return await _closed_with(socket)

    said, code = async_to_sync(scenario)()
    assert code == 4401
    assert [error_of(f)["error"] for f in said if is_error(f)] == ["logged_out"]


def test_a_login_renewed_before_its_end_keeps_the_socket(make_table, players):
    table = make_table()
    sit_all(table, players)
    key = _login_of(players[0])
    # Due within the test: the heartbeat reads it again and finds it renewed. Long enough for the
    # socket to open first on a busy machine (at 0.3 s it once ran out before the socket was open).
    first_end = timezone.now() + timedelta(seconds=2)
    _expires(key, first_end)

    async def scenario():
        socket = await _open(players[0], table.pk, key)
        await sync_to_async(_expires)(key, timezone.now() + timedelta(days=14))
        # Past the first end: the heartbeat has read the login again by then.
        await consumers.asyncio.sleep((first_end - timezone.now()).total_seconds() + 0.5)
        await socket.send_json_to({"do": "sync"})
        answer = await frames(socket, timeout=10)
        await socket.disconnect()
        return answer

    answer = async_to_sync(scenario)()
    assert answer and not is_error(answer[0])
