"""One tab too many: the server tells the table's socket "You have 12 tables open already: close a
tab or two and reload this page." and closes it (4429). The page took every close in 4400-4499 for
a refusal of the person and said, for good, "You can no longer play or watch at this table." (the
true sentence showed for six seconds, then went): a player read that he was shut out. The banner
now keeps what the server said."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from games.consumers import MAX_SOCKETS_PER_USER

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .quiet_table import quiet_table
from .test_table_play import _club_with_players, _login

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

_OPEN_MANY = """([url, count]) => Promise.all(Array.from({length: count}, () => new Promise((resolve) => {
  const socket = new WebSocket(url);
  window.khrapKept = window.khrapKept || [];
  window.khrapKept.push(socket);
  socket.onmessage = () => resolve(true);
  socket.onclose = () => resolve(false);
})))"""


def test_a_tab_too_many_is_told_to_close_one_not_that_he_is_shut_out(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    club, (vera,) = _club_with_players(["vera"])
    table = quiet_table(club, "Many tabs")
    first = _login(browser, daphne_url, vera.username)
    first.goto(f"{daphne_url}/accounts/profile/")
    ws = daphne_url.replace("http://", "ws://") + f"/ws/table/{table.pk}/"
    assert all(first.evaluate(_OPEN_MANY, [ws, MAX_SOCKETS_PER_USER]))
    page = first.context.new_page()
    page.goto(f"{daphne_url}/tables/{table.pk}/")
    banner = page.locator("#table-banner")
    expect(banner).to_contain_text("close a tab or two", timeout=10_000)
    page.wait_for_timeout(6_500)  # the error box's six seconds
    expect(banner).to_contain_text("close a tab or two")
    expect(banner).not_to_contain_text("no longer play")
