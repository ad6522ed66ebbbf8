"""A password changed in another tab of the same browser: the table's socket closes (4001, "the page
connects again; only a login that still holds gets in"), and the page must connect again.

htmx's ws extension connects again only after closes 1006, 1011, 1012 and 1013, so the table tab
stayed dead under "The connection to the table was lost: reconnecting…" for good, though its
login held: no more updates, and the player's clicks went nowhere while his turns ran out."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .quiet_table import closes_seen, quiet_table, watch_closes
from .test_table_play import PASSWORD, _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

def test_the_table_connects_again_after_a_password_change_in_another_tab(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    club, (vera,) = _club_with_players(["vera"])
    table = quiet_table(club, "Quiet table")
    page = _login(browser, daphne_url, vera.username)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    watch_closes(page)

    account = page.context.new_page()
    account.goto(f"{daphne_url}/accounts/password/change/")
    account.fill("input[name=old_password]", PASSWORD)
    account.fill("input[name=new_password1]", "a-new-long-password-2026")
    account.fill("input[name=new_password2]", "a-new-long-password-2026")
    account.locator("main form button[type=submit]").click()
    account.wait_for_url("**/password/change/done/**")

    # The socket was closed by the server with 4001...
    assert closes_seen(page) == [4001]
    # ...and the page is live again: the banner goes, and a click acts.
    expect(page.locator("#table-banner")).to_be_hidden(timeout=10_000)
    page.locator("#sit-1").click()
    expect(page.locator(".seat-controls").get_by_role("button", name="Leave the table")).to_be_visible(
        timeout=10_000
    )
