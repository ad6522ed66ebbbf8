"""Review 135: an account the site's operators switch off (a cheat shut out) leaves its tables and
its sessions end; its table tab's socket was closed to connect again, found nobody logged in, and
said "You logged out: log in again to play.". He had logged out of nothing, and the log-in it sent
him to refused him. The socket now says that the account was switched off by the site's
administrators, when the word of it comes and when its heartbeat finds it (the word lost)."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.utils import timezone

from club.models import User
from games import broadcast, consumers

from .conftest import sit_all
from .sockets import error_of, is_error
from .test_socket_login_end import _closed_with, _logged_in, _open

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("memory_layer")]


@pytest.fixture(autouse=True)
def _no_zone():
    yield
    timezone.deactivate()


def _switch_off(user_id: int) -> None:
    person = User.objects.get(pk=user_id)
    person.is_active = False
    person.save()


def _told(said: list[str]) -> list[str]:
    return [error_of(f)["error"] for f in said if is_error(f)]


def test_the_socket_of_an_account_switched_off_says_so(make_table, players):
    table = make_table()
    sit_all(table, players)
    vera = players[0]
    laptop = _logged_in(vera)

    async def scenario():
        socket = await _open(vera, table.pk, laptop.session.session_key)
        await sync_to_async(_switch_off)(vera.pk)
        return await _closed_with(socket)

    said, code = async_to_sync(scenario)()
    assert (_told(said), code) == (["switched_off"], 4401)
    message = next(error_of(f)["message"] for f in said if is_error(f))
    assert "switched your account off" in message and "logged out" not in message


def test_the_heartbeat_that_finds_the_account_switched_off_says_so(make_table, players, monkeypatch):
    monkeypatch.setattr(consumers, "HEARTBEAT_SECONDS", 0.05)
    table = make_table()
    sit_all(table, players)
    vera = players[0]
    laptop = _logged_in(vera)

    def switched_off_unheard() -> None:
        monkeypatch.setattr(broadcast, "layer_send", lambda *_a, **_k: None)  # the word is lost
        _switch_off(vera.pk)

    async def scenario():
        socket = await _open(vera, table.pk, laptop.session.session_key)
        await sync_to_async(switched_off_unheard)()
        return await _closed_with(socket)

    said, code = async_to_sync(scenario)()
    assert (_told(said), code) == (["switched_off"], 4401)
