"""Typing that an update splits in two.

The live table re-renders on every update (any player's move, somebody opening the table). The
field being typed in was replaced by its twin, which took the value but not the caret: the next
keys went in front of the text, and a field whose text was selected to be replaced got the new
text beside the old (a browser test in CI filled "200" into the buy-in, an update landed between
the select and the typing, and the seat was asked for 200100 chips). The field is now kept itself."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from games.models import Seat

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_review15_own_string import _waiting_table
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

_COUNT_FRAMES = """() => {
  window.khrapFrames = 0;
  document.addEventListener("htmx:wsAfterMessage", () => { window.khrapFrames += 1; });
}"""


def _an_update(page: Page, browser: Browser, base: str, url: str, watcher: str) -> None:
    """Somebody else opens the table (one more watching: every open page gets an update)."""
    page.evaluate(_COUNT_FRAMES)
    _open_table(_login(browser, base, watcher), url)
    # Polled from here: wait_for_function evaluates a string, which the page's CSP refuses.
    for _ in range(200):
        if page.evaluate("window.khrapFrames > 0"):
            return
        page.wait_for_timeout(50)
    raise AssertionError("no update reached the page")


def _typing_at_a_table(base: str, browser: Browser):
    """Vera at a waiting table, in its first seat's buy-in field with its text selected."""
    club, users = _club_with_players(["vera", "gleb"])
    table = _waiting_table(club, buy_in_min=10, buy_in_max=300)
    url = f"{base}/tables/{table.pk}/"
    vera = _login(browser, base, users[0].username)
    _open_table(vera, url)
    vera.locator("#seat-1 input[name=buy_in]").click()
    vera.keyboard.press("Control+A")
    return users, table, url, vera


def test_selected_text_is_replaced_after_an_update(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    users, table, url, vera = _typing_at_a_table(daphne_url, browser)  # the default, to be typed over
    _an_update(vera, browser, daphne_url, url, users[1].username)
    vera.keyboard.type("250")
    expect(vera.locator("#seat-1 input[name=buy_in]")).to_have_value("250")
    vera.locator("#sit-1").click()
    expect(vera.locator("#seat-1")).to_contain_text("Vera")
    expect(vera.locator("#seat-1")).to_contain_text("250")  # the stack brought
    assert Seat.objects.filter(session=table, position=0, member__user=users[0]).exists()


def test_typing_goes_on_where_it_was_after_an_update(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    users, _table, url, vera = _typing_at_a_table(daphne_url, browser)
    vera.keyboard.type("1")
    vera.keyboard.press("ArrowLeft")  # the caret before the "1": the next key goes in front
    _an_update(vera, browser, daphne_url, url, users[1].username)
    vera.keyboard.type("2")
    expect(vera.locator("#seat-1 input[name=buy_in]")).to_have_value("21")
    expect(vera.locator("#seat-1 input[name=buy_in]")).to_be_focused()
