"""Review 135: a password changed elsewhere (on his phone, or by a thief, or a reset) ends the login of
every other browser of his, and each table tab's socket is closed to connect again, where only a
login that still holds gets in. The tab then said "You logged out: log in again to play.": he had
logged out of nothing, and was not told that his password had changed, which is what he must know
(it was not he who changed it, perhaps). The socket now says the password was changed and to log in
with the new one: when it connects again under the login that ended (through the site's own socket
stack, as a browser does) and when its heartbeat finds it (the word of the change lost). A log-out
is still told as one, and the browser that changed the password plays on."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client
from django.utils import timezone

from club.routing import websocket_urlpatterns
from club.ws import site_auth_stack
from games import broadcast, consumers
from tests.conftest import TEST_PASSWORD

from .conftest import sit_all
from .sockets import error_of, frames, is_error, refused
from .test_socket_login_end import _closed_with, _logged_in, _open

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("memory_layer")]

NEW_PASSWORD = "another-long-password-2026"


@pytest.fixture(autouse=True)
def _no_zone():
    yield
    timezone.deactivate()


def _browser_socket(table_id: int, client: Client) -> WebsocketCommunicator:
    """A socket as the page opens it: through the site's stack, with the browser's session cookie."""
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    return WebsocketCommunicator(
        site_auth_stack(URLRouter(websocket_urlpatterns)),
        f"/ws/table/{table_id}/",
        headers=[(b"origin", b"http://testserver"), (b"cookie", f"sessionid={key}".encode())],
    )


def _change_on_the_phone(phone: Client) -> None:
    answer = phone.post(
        "/accounts/password/change/",
        {"old_password": TEST_PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert answer.status_code == 302 and answer.headers["Location"].endswith("/done/")


def test_a_socket_connecting_under_a_login_its_password_change_ended_says_so(make_table, players):
    table = make_table()
    sit_all(table, players)
    vera = players[0]
    laptop, phone = _logged_in(vera), _logged_in(vera)
    _change_on_the_phone(phone)

    async def scenario():
        on_laptop = await refused(_browser_socket(table.pk, laptop))
        on_phone = _browser_socket(table.pk, phone)
        assert (await on_phone.connect(timeout=5))[0]
        shown = await frames(on_phone)
        await on_phone.disconnect()
        return on_laptop, shown

    (said, code), shown = async_to_sync(scenario)()
    assert (said, code) == ("password_changed", 4401)
    assert shown and not is_error(shown[0])  # the phone that changed it plays on


def test_a_socket_connecting_after_a_logout_still_says_logged_out(make_table, players):
    table = make_table()
    sit_all(table, players)
    laptop = _logged_in(players[0])
    laptop.post("/accounts/logout/")
    assert async_to_sync(refused)(_browser_socket(table.pk, laptop)) == ("logged_out", 4401)


def test_the_heartbeat_that_finds_the_password_changed_says_so(make_table, players, monkeypatch):
    monkeypatch.setattr(consumers, "HEARTBEAT_SECONDS", 0.05)
    table = make_table()
    sit_all(table, players)
    vera = players[0]
    laptop, phone = _logged_in(vera), _logged_in(vera)

    def change_unheard() -> None:
        monkeypatch.setattr(broadcast, "layer_send", lambda *_a, **_k: None)  # the word is lost
        _change_on_the_phone(phone)

    async def scenario():
        socket = await _open(vera, table.pk, laptop.session.session_key)
        await sync_to_async(change_unheard)()
        return await _closed_with(socket)

    said, code = async_to_sync(scenario)()
    assert code == 4401
    assert [error_of(f)["error"] for f in said if is_error(f)] == ["password_changed"]
    message = next(error_of(f)["message"] for f in said if is_error(f))
    assert "password" in message and "logged out" not in message
