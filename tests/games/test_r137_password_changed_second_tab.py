"""Review 137: a password changed elsewhere, told to a browser with two table tabs open, or whose other
tab opened a page first.

Review 135 made a table tab's socket, connecting again under the login a password change ended, say
that the password was changed ("log in again with the new password ... if you did not change it,
reset it now") instead of "You logged out". It read that from the session the browser's cookie
names, which the first reader empties: Channels' socket, finding the old password's hash, flushed the
session and deleted its row, as does Django's page. So only the first of them knew: the second table
tab's socket, connecting again after the first (each closed to connect again, half a second later),
found no session and said "You logged out: log in again to play.", and so did the table tab once
another tab of the browser had opened a page (the page's session, emptied, holds only the word for
the log-in page). Both now say the password was changed.
"""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from .conftest import sit_all
from .sockets import refused
from .test_r135_password_changed_socket import _browser_socket, _change_on_the_phone
from .test_socket_login_end import _logged_in

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("memory_layer")]


@pytest.fixture(autouse=True)
def _no_zone():
    yield
    timezone.deactivate()


def test_the_second_table_tab_is_told_the_password_changed_too(make_table, players):
    first, second = make_table(), make_table()
    sit_all(first, players)
    vera = players[0]
    laptop, phone = _logged_in(vera), _logged_in(vera)
    _change_on_the_phone(phone)

    async def scenario():
        one = await refused(_browser_socket(first.pk, laptop))
        two = await refused(_browser_socket(second.pk, laptop))
        return one, two

    one, two = async_to_sync(scenario)()
    assert one == ("password_changed", 4401)
    assert two == ("password_changed", 4401)


def test_the_table_tab_is_told_after_another_tab_opened_a_page(make_table, players):
    table = make_table()
    sit_all(table, players)
    vera = players[0]
    laptop, phone = _logged_in(vera), _logged_in(vera)
    _change_on_the_phone(phone)
    # Another tab of the laptop: the cookie its answer sets is the browser's.
    page = laptop.get("/accounts/profile/")
    assert page.status_code in (200, 302)
    assert async_to_sync(refused)(_browser_socket(table.pk, laptop)) == ("password_changed", 4401)
    # The log-in page still says it once, after the socket read it.
    login = laptop.get("/accounts/login/")
    assert "Your password was changed" in login.content.decode()


def test_a_logout_and_a_stranger_still_read_logged_out(make_table, players):
    table = make_table()
    sit_all(table, players)
    laptop = _logged_in(players[0])
    laptop.post("/accounts/logout/")
    laptop.get("/accounts/profile/")
    assert async_to_sync(refused)(_browser_socket(table.pk, laptop)) == ("logged_out", 4401)
    stranger = Client()
    stranger.get("/accounts/login/")
    if "sessionid" in stranger.cookies:
        assert async_to_sync(refused)(_browser_socket(table.pk, stranger)) == ("logged_out", 4401)


def test_the_sockets_leave_the_ended_login_for_the_page(make_table, players):
    """The socket that found the old hash keeps the session's row: the page the browser opens next
    empties it, as Django does, and its log-in page says why."""
    table = make_table()
    sit_all(table, players)
    vera = players[0]
    laptop, phone = _logged_in(vera), _logged_in(vera)
    key = laptop.session.session_key
    _change_on_the_phone(phone)
    assert async_to_sync(refused)(_browser_socket(table.pk, laptop)) == ("password_changed", 4401)
    login = laptop.get("/accounts/login/")
    assert "Your password was changed" in login.content.decode()
    assert not Session.objects.filter(session_key=key).exists()
