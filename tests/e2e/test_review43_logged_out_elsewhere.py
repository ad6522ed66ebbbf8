"""Review 43: a player who logged out in another tab found his table's tab saying, for good, "You
can no longer play or watch at this table", as to a member banned or gone from the club. The server
had said why (he logged out: log in again to play), but only in the error line, which hides after a
few seconds. The banner now keeps the server's words, as it does for too many tabs."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .quiet_table import quiet_table
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_logging_out_in_another_tab_says_so_on_the_table(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    club, (vera,) = _club_with_players(["vera"])
    table = quiet_table(club, "Two tabs")
    page = _login(browser, daphne_url, vera.username)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    other = page.context.new_page()
    other.goto(f"{daphne_url}/")
    other.get_by_role("button", name="Log out").click()
    expect(other.get_by_role("link", name="Log in").first).to_be_visible()

    banner = page.locator("#table-banner")
    expect(banner).to_be_visible(timeout=10_000)
    page.wait_for_timeout(7_000)  # the error line above the table has hidden again
    expect(banner).to_contain_text("log in again")
    expect(banner).not_to_contain_text("no longer play")
