"""Review 49, in a real browser: on a shared computer a member reads his chips, logs out with the
header's button, and the next person presses Back. The member's statement (his grants, his
balance, the header's "Log out" with his name) came back from the browser's memory, as if he were
still logged in: the page had no Cache-Control, so the browser kept it whole (its back-forward
cache, which Playwright turns off unless asked). It is no longer kept: Back asks the site again,
which asks to log in."""

from __future__ import annotations

import pytest
from playwright.sync_api import Playwright, expect

from .conftest import CHROMIUM, CHROMIUM_ARGS
from .test_table_play import PASSWORD, _club_with_players

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_back_after_log_out_does_not_show_the_members_chips(live_server, playwright: Playwright) -> None:
    club, (vera,) = _club_with_players(["vera"])
    # A browser as people have it: with its back-forward cache.
    browser = playwright.chromium.launch(
        executable_path=str(CHROMIUM),
        args=CHROMIUM_ARGS,
        ignore_default_args=["--disable-back-forward-cache"],
    )
    try:
        page = browser.new_context().new_page()
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("input[name=username]", vera.username)
        page.fill("input[name=password]", PASSWORD)
        page.get_by_role("main").get_by_role("button", name="Log in").click()
        expect(page.get_by_role("button", name="Log out")).to_be_visible()
        page.goto(f"{live_server.url}/clubs/{club.slug}/chips/")
        expect(page.get_by_text("Starting chips").first).to_be_visible()
        page.get_by_role("button", name="Log out").click()
        expect(page.get_by_role("link", name="Log in").first).to_be_visible()

        # A page the browser restores from its back-forward cache fires no "load": wait for the
        # address only, then read what is shown.
        page.go_back(wait_until="commit")
        expect(page.get_by_role("link", name="Log in").first).to_be_visible()
        expect(page.get_by_role("button", name="Log out")).to_have_count(0)
        expect(page.get_by_text("Starting chips")).to_have_count(0)
    finally:
        browser.close()
