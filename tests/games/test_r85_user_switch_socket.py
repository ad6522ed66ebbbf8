"""A table socket belongs to the login it was opened under: logging in as someone else in another tab
of the same browser ends that login (Django empties the session and gives it a new key), and the
socket opened under it closes, told why.

Review 85: a member with the table open went to the admin in another tab, which offered him "log in
with a different account", and logged in there as the club's manager. The table tab's socket went on
acting as the member (his moves, his "leave", his cards shown) with a cookie that was no longer his,
until its login would have run out two weeks later.
"""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync, sync_to_async

from tests.conftest import TEST_PASSWORD

from .conftest import sit_all
from .sockets import error_of, frames, is_error, refused
from .test_socket_login_end import _closed_with, _logged_in, _open

# The in-memory channel layer (the fixture in conftest.py).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("memory_layer")]


def test_logging_in_as_someone_else_in_another_tab_closes_the_old_logins_sockets(make_table, players, owner):
    table = make_table()
    sit_all(table, players)
    vera = players[0]
    browser = _logged_in(vera)
    other_browser = _logged_in(vera)

    async def scenario() -> tuple[list[str], int | None, list[str]]:
        here = await _open(vera, table.pk, browser.session.session_key)
        elsewhere = await _open(vera, table.pk, other_browser.session.session_key)
        answer = await sync_to_async(browser.post)(
            "/admin/login/", {"username": owner.username, "password": TEST_PASSWORD, "next": "/admin/"}
        )
        assert answer.status_code == 302, answer.content[:300]
        said, code = await _closed_with(here)
        # Her login in the other browser holds: its socket still answers.
        await elsewhere.send_json_to({"do": "sync"})
        still = await frames(elsewhere, timeout=10)
        await elsewhere.disconnect()
        return said, code, still

    said, code, still = async_to_sync(scenario)()
    assert code == 4401
    # Told what happened: another account's login, not a logout of hers ("You logged out" was said
    # of something she had not done).
    assert [error_of(f)["error"] for f in said if is_error(f)] == ["other_account"]
    assert still and not is_error(still[0])


def test_logging_in_again_as_oneself_keeps_the_sockets(make_table, players):
    table = make_table()
    sit_all(table, players)
    vera = players[0]
    browser = _logged_in(vera)

    async def scenario() -> list[str]:
        socket = await _open(vera, table.pk, browser.session.session_key)
        await sync_to_async(browser.force_login)(vera, backend="django.contrib.auth.backends.ModelBackend")
        await socket.send_json_to({"do": "sync"})
        got = await frames(socket, timeout=10)  # its answer, however long a busy machine takes
        await socket.disconnect()
        return got

    got = async_to_sync(scenario)()
    assert got and not is_error(got[-1])


def _drawn_for(user_id: int, session_id: int):
    from channels.testing import WebsocketCommunicator

    from games.consumers import TableConsumer

    socket = WebsocketCommunicator(
        TableConsumer.as_asgi(),
        f"/ws/table/{session_id}/?as={user_id}",
        headers=[(b"origin", b"http://127.0.0.1")],
    )
    socket.scope["url_route"] = {"kwargs": {"session_id": session_id}}
    return socket


def test_a_page_drawn_for_another_account_is_refused_its_socket(make_table, players):
    """The page connects again with whatever log-in the browser holds: one drawn for Vera, whose
    socket dropped while Gleb logged in in another tab, showed his table under her name."""
    table = make_table()
    sit_all(table, players)
    vera, gleb = players[0], players[1]

    async def scenario() -> tuple[tuple[str | None, int | None], list[str]]:
        stale = _drawn_for(vera.pk, table.pk)
        stale.scope["user"] = gleb
        said = await refused(stale)
        own = _drawn_for(gleb.pk, table.pk)
        own.scope["user"] = gleb
        assert (await own.connect(timeout=5))[0]
        got = await frames(own)
        await own.disconnect()
        return said, got

    said, got = async_to_sync(scenario)()
    assert said == ("other_account", 4401)
    assert got and not is_error(got[0])


def test_the_table_page_names_the_account_it_is_drawn_for(make_table, players):
    table = make_table()
    vera = players[0]
    page = _logged_in(vera).get(f"/tables/{table.pk}/")
    assert f'ws-connect="/ws/table/{table.pk}/?as={vera.pk}"' in page.content.decode()
