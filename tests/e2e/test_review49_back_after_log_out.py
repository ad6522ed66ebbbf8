"""Review 49, in a real browser: on a shared computer a member reads his chips, logs out with the
header's button, and the next person presses Back. The member's statement (his grants, his
balance, the header's "Log out" with his name) came back from the browser's memory, as if he were
still logged in: the page had no Cache-Control, so the browser kept it whole (its back-forward
cache, which Playwright turns off unless asked). It is no longer kept: Back asks the site again,
which asks to log in."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Playwright, expect

from .conftest import CHROMIUM, CHROMIUM_ARGS
from .test_table_play import PASSWORD, _club_with_players

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _people_browser(playwright: Playwright) -> Browser:
    """A browser as people have it: with its back-forward cache."""
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM),
        args=CHROMIUM_ARGS,
        ignore_default_args=["--disable-back-forward-cache"],
    )


def test_back_after_log_out_does_not_show_the_members_chips(live_server, playwright: Playwright) -> None:
    club, (vera,) = _club_with_players(["vera"])
    browser = _people_browser(playwright)
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


def test_back_after_registering_does_not_show_the_password_typed(live_server, playwright: Playwright) -> None:
    """The registration page was kept whole too, the form as it was sent: Back (after registering,
    or the next person's, after the log-out) showed the new account's password in its fields, one
    click from being read (the browser's own "show password", the page's source in its memory)."""
    browser = _people_browser(playwright)
    try:
        page = browser.new_context().new_page()
        page.goto(f"{live_server.url}/accounts/register/")
        page.fill("input[name=username]", "newcomer")
        page.fill("input[name=email]", "newcomer@example.org")
        page.fill("input[name=password1]", PASSWORD)
        page.fill("input[name=password2]", PASSWORD)
        page.get_by_role("main").get_by_role("button", name="Register").click()
        page.get_by_role("button", name="Log out").click()
        expect(page.get_by_role("link", name="Log in").first).to_be_visible()

        # The next person: Back to the home page he was shown, Back again to the form.
        page.go_back(wait_until="commit")
        expect(page.get_by_role("button", name="Log out")).to_have_count(0)
        page.go_back(wait_until="commit")
        expect(page).to_have_url(re.compile(r"/accounts/(register|login)/"))
        page.wait_for_timeout(500)
        fields = page.locator("input[type=password]")
        for n in range(fields.count()):
            assert fields.nth(n).input_value() == ""
    finally:
        browser.close()
