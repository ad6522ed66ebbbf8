"""A table socket lives no longer than the login it was opened under, and a closed one stays quiet.

An outside review kept playing through a socket after logging out, and after changing the password
on another device (a "leave" there cashed out an 800-chip stack), and saw a socket kicked by a ban
crash on the table update that came next: its presence and heartbeat outlived it.
"""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client

from club import services as club_services
from club.models import Membership
from games.broadcast import table_push
from games.models import Presence

from .conftest import sit_all
from .sockets import connect, error_of, frames, is_error

# The in-memory channel layer (the fixture in conftest.py).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("memory_layer")]


def _logged_in(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


async def _open(user, table_id: int, session_key: str) -> Any:
    socket = await connect(user, table_id)
    socket.scope["session"] = SessionStore(session_key=session_key)
    assert (await socket.connect(timeout=5))[0]
    await frames(socket)
    return socket


async def _closed_with(socket) -> tuple[list[str], int | None]:
    seen: list[str] = []
    while True:
        output = await socket.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            return seen, output.get("code")
        seen.append(output.get("text") or "")


def test_logging_out_closes_that_sessions_sockets_only(make_table, players):
    table = make_table()
    sit_all(table, players)
    vera = players[0]
    phone, laptop = _logged_in(vera), _logged_in(vera)

    async def scenario() -> tuple[list[str], int | None, list[str]]:
        on_phone = await _open(vera, table.pk, phone.session.session_key)
        on_laptop = await _open(vera, table.pk, laptop.session.session_key)
        await sync_to_async(phone.post)("/accounts/logout/")
        said, code = await _closed_with(on_phone)
        # The laptop's login holds: its socket still answers.
        await on_laptop.send_json_to({"do": "sync"})
        still = await frames(on_laptop, timeout=10)
        await on_laptop.disconnect()
        return said, code, still

    said, code, still = async_to_sync(scenario)()
    assert code == 4401
    assert [error_of(f)["error"] for f in said if is_error(f)] == ["logged_out"]
    assert still and not is_error(still[0])


def test_a_password_change_closes_every_socket_of_that_user(make_table, players):
    table = make_table()
    sit_all(table, players)
    vera, gleb = players[0], players[1]
    vera_client, gleb_client = _logged_in(vera), _logged_in(gleb)

    def change_password() -> None:
        vera.set_password("another-long-password-2026")
        vera.save()

    async def scenario() -> tuple[int | None, list[str]]:
        mine = await _open(vera, table.pk, vera_client.session.session_key)
        his = await _open(gleb, table.pk, gleb_client.session.session_key)
        await sync_to_async(change_password)()
        _said, code = await _closed_with(mine)
        await his.send_json_to({"do": "sync"})
        other = await frames(his, timeout=10)
        await his.disconnect()
        return code, other

    code, other = async_to_sync(scenario)()
    assert code == 4001  # the page connects again; only a login that still holds gets in
    assert other and not is_error(other[0])


def test_a_saved_user_whose_password_did_not_change_keeps_his_sockets(make_table, players):
    table = make_table()
    sit_all(table, players)
    vera = players[0]
    client = _logged_in(vera)

    def touch() -> None:
        vera.display_name = "Vera V."
        vera.save()

    async def scenario() -> list[str]:
        socket = await _open(vera, table.pk, client.session.session_key)
        await sync_to_async(touch)()
        await socket.send_json_to({"do": "sync"})
        got = await frames(socket, timeout=10)  # its answer, however long a busy machine takes
        await socket.disconnect()
        return got

    got = async_to_sync(scenario)()
    assert got and not is_error(got[-1])


def test_a_kicked_socket_ignores_the_next_update_and_lets_its_presence_go(make_table, players, owner, club):
    table = make_table()
    sit_all(table, players)
    vera = players[0]
    client = _logged_in(vera)

    async def scenario() -> tuple[int | None, list[str]]:
        socket = await _open(vera, table.pk, client.session.session_key)
        await sync_to_async(club_services.membership_ban)(
            membership=await sync_to_async(Membership.objects.get)(club=club, user=vera),
            actor=owner,
            reason="x",
        )
        said, code = await _closed_with(socket)
        # An update that reaches the consumer after its close: nothing is sent, nothing crashes.
        await sync_to_async(table_push)(table.pk)
        assert await socket.receive_nothing(timeout=0.5)
        await socket.disconnect()
        return code, said

    code, said = async_to_sync(scenario)()
    assert code == 4403
    assert any(is_error(f) and error_of(f)["error"] == "banned_for" for f in said)
    assert Presence.objects.get(session=table, user=vera).connections == 0


def test_one_person_holds_a_bounded_number_of_table_sockets(make_table, players):
    """Sixty sockets of one member, each inside its own rate, slowed every page of the site."""
    from games.consumers import MAX_SOCKETS_PER_USER

    table = make_table()
    sit_all(table, players)
    vera = players[0]
    client = _logged_in(vera)

    async def scenario() -> tuple[list[str], int | None, bool]:
        opened = [
            await _open(vera, table.pk, client.session.session_key) for _ in range(MAX_SOCKETS_PER_USER)
        ]
        extra = await connect(vera, table.pk)
        extra.scope["session"] = SessionStore(session_key=client.session.session_key)
        await extra.connect(timeout=5)
        said, code = await _closed_with(extra)
        await opened.pop().disconnect()
        again = await connect(vera, table.pk)
        again.scope["session"] = SessionStore(session_key=client.session.session_key)
        reopened = (await again.connect(timeout=5))[0]
        await again.disconnect()
        for socket in opened:
            await socket.disconnect()
        return said, code, reopened

    said, code, reopened = async_to_sync(scenario)()
    assert code == 4429
    assert [error_of(f)["error"] for f in said if is_error(f)] == ["too_many_sockets"]
    assert reopened


def test_the_message_rate_is_shared_by_one_persons_sockets(make_table, players, monkeypatch):
    from games import consumers
    from games.consumers import USER_RATE_BURST

    # A busy machine answers slowly enough for the bucket to refill meanwhile: no refill here, so
    # what is measured is the sharing, not the machine's speed.
    monkeypatch.setattr(consumers, "USER_RATE_PER_SECOND", 0.001)
    table = make_table()
    sit_all(table, players)
    vera = players[0]
    client = _logged_in(vera)

    async def scenario() -> list[str]:
        sockets = [await _open(vera, table.pk, client.session.session_key) for _ in range(4)]
        # Each socket alone stays inside its own burst; together they pass the person's.
        per_socket = USER_RATE_BURST // 4 + 4
        for socket in sockets:
            for _ in range(per_socket):
                await socket.send_json_to({"do": "sync"})
        got: list[str] = []
        for socket in sockets:
            got += await frames(socket, timeout=10)
            await socket.disconnect()
        return got

    got = async_to_sync(scenario)()
    assert any(is_error(f) and error_of(f)["error"] == "rate_limited" for f in got)
