"""A login that ends is told to its table sockets through the channel layer; one that did not hear
it (Redis restarting as he logged out, a message lost) is found out at the socket's next heartbeat,
as a ban is (review 85).

The heartbeat read the login again only once it was due to run out, two weeks on: a socket that
missed the word of a log-out or a password change went on acting for its player until then. And a
log-out while the channel layer was down was a server error, its session left in place.
"""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.contrib.sessions.models import Session

from games import broadcast, consumers

from .conftest import sit_all
from .sockets import error_of, is_error
from .test_socket_login_end import _closed_with, _logged_in, _open

# The in-memory channel layer (the fixture in conftest.py).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("memory_layer")]


@pytest.fixture(autouse=True)
def _quick_beats(monkeypatch):
    monkeypatch.setattr(consumers, "HEARTBEAT_SECONDS", 0.05)


def _layer_down(*_args, **_kwargs):
    raise ConnectionError("the channel layer is restarting")


def test_a_logout_unheard_closes_the_socket_at_its_next_beat(make_table, players):
    table = make_table()
    sit_all(table, players)
    vera = players[0]
    browser = _logged_in(vera)

    async def scenario():
        socket = await _open(vera, table.pk, browser.session.session_key)
        # The row goes, and no word of it reaches the socket.
        await sync_to_async(Session.objects.filter(session_key=browser.session.session_key).delete)()
        return await _closed_with(socket)

    said, code = async_to_sync(scenario)()
    assert code == 4401
    assert [error_of(f)["error"] for f in said if is_error(f)] == ["logged_out"]


def test_a_password_change_unheard_closes_the_socket_at_its_next_beat(make_table, players, monkeypatch):
    table = make_table()
    sit_all(table, players)
    vera = players[0]
    browser = _logged_in(vera)

    def change_password() -> None:
        monkeypatch.setattr(broadcast, "layer_send", _layer_down)
        vera.set_password("another-long-password-2026")
        vera.save()

    async def scenario():
        socket = await _open(vera, table.pk, browser.session.session_key)
        await sync_to_async(change_password)()
        return await _closed_with(socket)

    said, code = async_to_sync(scenario)()
    assert code == 4401
    # Said as what it is since review 135 (he logged out of nothing).
    assert [error_of(f)["error"] for f in said if is_error(f)] == ["password_changed"]


def test_a_logout_while_the_channel_layer_is_down_still_logs_out(players, monkeypatch):
    vera = players[0]
    browser = _logged_in(vera)
    key = browser.session.session_key
    monkeypatch.setattr(broadcast, "layer_send", _layer_down)
    answer = browser.post("/accounts/logout/")
    assert answer.status_code == 302
    assert not Session.objects.filter(session_key=key).exists()
