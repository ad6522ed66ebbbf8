"""The live table speaks the language the page around it speaks: a player whose profile says English
who picked Russian with the language switch read the page in Russian and the table, with its
refusals, in English (the socket put the profile before the switch's cookie; the pages do the
opposite, the switch being a deliberate choice on that device)."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

from games.sockets import socket_language

from .sockets import connect, error_of, frames, is_error

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_switchs_cookie_wins_over_the_profile_on_the_table_as_on_the_page(make_table, players):
    table = make_table()
    user = players[0]
    user.preferred_language = "en"
    user.save(update_fields=["preferred_language"])

    page = Client()
    page.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    page.cookies["django_language"] = "ru"
    assert '<html lang="ru">' in page.get(f"/tables/{table.pk}/").content.decode()

    async def scenario() -> list[str]:
        socket = await connect(user, table.pk)
        socket.scope["cookies"] = {"django_language": "ru"}
        assert (await socket.connect(timeout=5))[0]
        got = await frames(socket)
        await socket.send_json_to({"do": "sit", "position": 99, "buy_in": 100})
        return got + await frames(socket, timeout=10)

    got = async_to_sync(scenario)()
    table_frames = [f for f in got if not is_error(f)]
    assert table_frames and "Классический храп" in table_frames[-1], table_frames[-1][:500]
    errors = [error_of(f) for f in got if is_error(f)]
    assert errors and errors[-1]["error"] == "no_such_seat"
    assert "This table has seats" not in errors[-1]["message"], errors[-1]["message"]


def test_without_a_cookie_the_profile_then_the_browser_decide(make_user):
    user = make_user("lena", preferred_language="bg")
    browser_ru = [(b"accept-language", b"ru")]
    assert socket_language({"user": user, "headers": browser_ru}) == "bg"
    switched = {"django_language": "en"}
    assert socket_language({"user": user, "headers": browser_ru, "cookies": switched}) == "en"
    nobody = make_user("mira")
    assert socket_language({"user": nobody, "headers": browser_ru}) == "ru"
    unknown = {"django_language": "xx"}
    assert socket_language({"user": nobody, "headers": browser_ru, "cookies": unknown}) == "ru"
