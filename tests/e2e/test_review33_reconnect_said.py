"""Review 33: when the connection to the table dropped, a screen reader said nothing. The banner is
a status region shown by unhiding it with its words already in it, and a live region that appears
with its words is not read out. Its words now go to the table's announcer, which is always there."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .quiet_table import closes_seen, quiet_table, watch_closes
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

RECORD = """() => {
  window.__said = [];
  const box = document.getElementById('table-announce');
  new MutationObserver(() => window.__said.push(box.textContent))
    .observe(box, {childList: true, characterData: true, subtree: true});
}"""


@pytest.fixture
def daphne_args() -> list[str]:
    return ["--websocket_timeout", "3"]  # daphne closes the socket: the page loses the table


def test_a_lost_connection_is_said_to_a_screen_reader(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    club, (vera,) = _club_with_players(["vera"])
    table = quiet_table(club, "Dropped")
    page = _login(browser, daphne_url, vera.username)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    expect(page.locator("#table-announce")).to_have_attribute("role", "status")
    page.evaluate(RECORD)
    watch_closes(page)
    assert closes_seen(page, 100), "the socket was never closed"
    said = page.evaluate("window.__said")
    banner = page.locator("#table-banner").text_content().strip()
    assert banner and banner in said, (banner, said)
