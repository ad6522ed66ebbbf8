"""Review 53, in a real browser: a player locked out after wrong passwords follows the lock-out
page's "Forgot your password?" to the mailed link and logs in with his new password; a reset link
opened while logged in as someone else says whose password it sets, and the last page logs the
other person out to the log-in page."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from playwright.sync_api import Browser, Page, expect

from club.models import User

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "Chips-and-Trumps-2024"
NEW = "Snoring-at-Dawn-7781"


def _log_in(page: Page, base: str, username: str, password: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.get_by_role("main").get_by_role("button", name="Log in").click()


def _mailed_link(base: str) -> str:
    path = re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", mail.outbox[-1].body).group(1)
    return f"{base}{path}"


def _ask_for_a_link(page: Page, email: str) -> None:
    mail.outbox.clear()
    page.fill("#id_email", email)
    page.get_by_role("main").get_by_role("button", name="Send the link").click()
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    assert mail.outbox, "no reset mail"


def test_a_locked_out_player_resets_his_password_and_logs_in(live_server, browser: Browser) -> None:
    User.objects.create_user("vera", "vera@example.org", PASSWORD)
    base = live_server.url
    page = browser.new_context().new_page()
    for _ in range(6):
        _log_in(page, base, "vera", "not-my-password")
    expect(page.get_by_role("heading", name="Too many failed log-in attempts")).to_be_visible()

    page.get_by_role("link", name="Forgot your password?").click()
    _ask_for_a_link(page, "vera@example.org")
    page.goto(_mailed_link(base))
    expect(page.get_by_text("This link sets the password of the account “vera”.")).to_be_visible()
    page.fill("#id_new_password1", NEW)
    page.fill("#id_new_password2", NEW)
    page.get_by_role("button", name="Set the password").click()
    expect(page.get_by_role("heading", name="Password set")).to_be_visible()

    page.get_by_role("main").get_by_role("link", name="Log in").click()
    _log_in(page, base, "vera", NEW)
    expect(page.get_by_role("heading", name="My clubs")).to_be_visible()


def test_a_reset_link_opened_while_logged_in_as_another(live_server, browser: Browser) -> None:
    User.objects.create_user("vera", "vera@example.org", PASSWORD)
    User.objects.create_user("boris", "boris@example.org", PASSWORD, display_name="Boris")
    base = live_server.url
    page = browser.new_context().new_page()
    _log_in(page, base, "boris", PASSWORD)
    expect(page.get_by_role("heading", name="My clubs")).to_be_visible()

    page.goto(f"{base}/accounts/password/reset/")
    _ask_for_a_link(page, "vera@example.org")
    page.goto(_mailed_link(base))
    expect(page.get_by_role("alert").filter(has_text="You are logged in as Boris")).to_be_visible()
    page.fill("#id_new_password1", NEW)
    page.fill("#id_new_password2", NEW)
    page.get_by_role("button", name="Set the password").click()
    expect(
        page.get_by_text("You are logged in as Boris. To log in with the new password, log out first.")
    ).to_be_visible()

    page.get_by_role("main").get_by_role("button", name="Log out").click()
    expect(page.get_by_role("heading", name="Log in")).to_be_visible()
    _log_in(page, base, "vera", NEW)
    expect(page.get_by_role("heading", name="My clubs")).to_be_visible()
    assert User.objects.get(username="boris").check_password(PASSWORD)
