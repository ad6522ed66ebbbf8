"""Review 85: a table page connects again with whatever log-in the browser holds by then. Vera's
table tab lost its socket (a laptop that slept, a network that changed); meanwhile Gleb logged in
in another tab of the same browser. Back online, her page connected again with his cookie and
showed his table (his seat, his buttons, his cards in a deal) under a header that still named her,
and its buttons acted as him. The page now says that it was opened for another account, and shows
nothing more until it is reloaded."""

from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import Browser, expect

from games.services import table_sit

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .quiet_table import closes_seen, quiet_table, watch_closes
from .test_table_play import PASSWORD, _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_page_opened_for_one_account_does_not_show_the_next(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    club, (vera, gleb) = _club_with_players(["vera", "gleb"])
    table = quiet_table(club, "Two accounts")
    table_sit(session_id=table.pk, user=vera, position=0, buy_in=200)
    page = _login(browser, daphne_url, vera.username)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    expect(page.locator("#table-live .seat.me")).to_have_count(1)
    watch_closes(page)

    # Gleb's log-in in another tab of this browser: the cookie is his now (her own login is not
    # ended, so nothing tells her socket).
    client = Client()
    client.force_login(gleb, backend="django.contrib.auth.backends.ModelBackend")
    cookie = page.context.cookies()
    session = next(c for c in cookie if c["name"] == "sessionid")
    page.context.add_cookies([{**session, "value": client.cookies["sessionid"].value}])
    page.evaluate("() => window.dispatchEvent(new Event('online'))")  # the page connects again

    banner = page.locator("#table-banner")
    expect(banner).to_be_visible(timeout=10_000)
    expect(banner).to_contain_text("another account")
    assert 4401 in closes_seen(page)
    # Her picture stays as it was; his never came.
    expect(page.locator("#table-live .seat.me")).to_have_count(1)
    page.wait_for_timeout(1_500)  # no reconnect after a refusal
    expect(page.locator("#table-live .seat.me")).to_have_count(1)
    page.context.close()


def test_a_manager_log_in_in_the_admin_ends_the_members_table(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    """The admin's log-in page offers a member "log in with a different account": his table tab's
    socket went on acting as him under a cookie that named the manager."""
    club, (vera,) = _club_with_players(["vera"])
    table = quiet_table(club, "Switched")
    table_sit(session_id=table.pk, user=vera, position=0, buy_in=200)
    page = _login(browser, daphne_url, vera.username)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    watch_closes(page)
    admin = page.context.new_page()
    admin.goto(f"{daphne_url}/admin/login/?next=/admin/")
    admin.fill("input[name=username]", "olga")
    admin.fill("input[name=password]", PASSWORD)
    admin.locator("input[type=submit]").click()
    expect(admin.get_by_text("Your clubs").first).to_be_visible()

    banner = page.locator("#table-banner")
    expect(banner).to_be_visible(timeout=10_000)
    # Told what happened: another account's log-in, not a log-out of his.
    expect(banner).to_contain_text("another account")
    assert closes_seen(page) == [4401]
    page.context.close()
