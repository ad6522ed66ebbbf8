"""A table socket refused when it connects (a login that expired or was logged out, a member banned
or gone while his socket was down) must reach the browser as the server's refusal, with its reason.

The consumer closed before accepting, which daphne turns into a refused handshake (HTTP 403): the
browser sees close code 1006, "abnormal closure", with no word of why, and the page's htmx
answers 1006 by connecting again, with backoff, for good, under "The connection to the table was
lost: reconnecting…". A player banned while his laptop slept, or whose login ran out, watched a
table that never came back and was never told."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser

from club import services as club_services
from club.models import Membership

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .quiet_table import quiet_table
from .test_table_play import _club_with_players, _login

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

_OPEN = """(url) => new Promise((resolve) => {
  const seen = [];
  const socket = new WebSocket(url);
  socket.onmessage = (e) => seen.push(e.data);
  socket.onclose = (e) => resolve({code: e.code, seen: seen});
})"""


def test_a_banned_members_socket_is_told_why_not_left_to_reconnect(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    club, (_vera, gleb) = _club_with_players(["vera", "gleb"])
    table = quiet_table(club)
    page = _login(browser, daphne_url, gleb.username)
    club_services.membership_ban(
        membership=Membership.objects.get(club=club, user=gleb), actor=club.created_by, reason="chip dumping"
    )
    ws = daphne_url.replace("http://", "ws://") + f"/ws/table/{table.pk}/"
    closed = page.evaluate(_OPEN, ws)
    assert closed["code"] == 4403, closed  # 1006 makes the page connect again, for good
    said = [json.loads(frame) for frame in closed["seen"]]
    assert [s["error"] for s in said] == ["banned_for"], said
    assert "chip dumping" in said[0]["message"], said


def test_a_socket_whose_login_ended_is_told_to_log_in_again(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    club, _users = _club_with_players(["vera"])
    table = quiet_table(club)
    page = browser.new_context(locale="ru-RU").new_page()  # a login that ran out: no session cookie
    page.goto(f"{daphne_url}/accounts/login/")
    ws = daphne_url.replace("http://", "ws://") + f"/ws/table/{table.pk}/"
    closed = page.evaluate(_OPEN, ws)
    assert closed["code"] == 4401, closed
    said = [json.loads(frame) for frame in closed["seen"]]
    assert [s["error"] for s in said] == ["logged_out"], said
    assert "войдите" in said[0]["message"], said
