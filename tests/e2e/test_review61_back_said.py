"""Review 61: a screen reader heard "The connection to the table was lost: reconnecting…" (review 33)
and then nothing when the table came back: the banner went away in silence, and a blind player at a
quiet table, or on his own turn, waited on a connection that was there again. The table's announcer
now says so when the socket is back, once, before any news the table brings."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .quiet_table import quiet_table
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

RECORD = """() => {
  window.__said = [];
  const box = document.getElementById('table-announce');
  new MutationObserver(() => window.__said.push(box.textContent))
    .observe(box, {childList: true, characterData: true, subtree: true});
}"""


def test_the_connection_back_is_said_to_a_screen_reader(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    club, (vera,) = _club_with_players(["vera"])
    table = quiet_table(club, "Dropped")
    page = _login(browser, daphne_url, vera.username)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    page.evaluate(RECORD)
    banner = page.locator("#table-banner")
    lost = (banner.text_content() or "").strip()

    page.context.set_offline(True)
    expect(banner).to_be_visible(timeout=3_000)
    page.context.set_offline(False)
    expect(banner).to_be_hidden(timeout=10_000)
    expect(page.locator("#table-announce")).to_have_text("Connected to the table again.", timeout=5_000)
    said = page.evaluate("window.__said")
    assert said.index(lost) < said.index("Connected to the table again."), said

    # Said once: the next pictures of the table (somebody sits down) do not say it again.
    page.evaluate("() => { window.__said = []; }")
    page.locator("#table-live").get_by_role("button", name="Sit down").first.click()
    expect(page.locator("#table-live .seat.me")).to_be_visible(timeout=10_000)
    assert "Connected to the table again." not in " ".join(page.evaluate("window.__said"))
