"""A new user registers, creates an invite-only club and an invite link; a second user in a second
browser context registers through the link and joins; both see the newcomer in the member list."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from club.models import Membership

PASSWORD = "Chips-and-Trumps-2024"

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def fill_registration(page: Page, username: str) -> None:
    page.fill("#id_username", username)
    page.fill("#id_email", f"{username}@example.org")
    page.fill("#id_display_name", username.capitalize())
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Register").click()


def test_register_create_invite_only_club_and_join_by_invite(live_server, browser: Browser) -> None:
    base = live_server.url

    owner_ctx = browser.new_context()
    owner = owner_ctx.new_page()
    owner.goto(f"{base}/accounts/register/")
    fill_registration(owner, "vera")
    expect(owner.get_by_role("heading", name="My clubs")).to_be_visible()

    owner.get_by_role("link", name="Create a club").click()
    owner.fill("#id_name", "Midnight Khrap")
    owner.get_by_label(re.compile("Invite only")).check()
    owner.get_by_role("button", name="Create the club").click()
    expect(owner.get_by_role("heading", name="Midnight Khrap")).to_be_visible()

    owner.fill("#id_max_uses", "2")
    owner.get_by_role("button", name="Create an invite link").click()
    invite_url = owner.locator("input.invite-url").first.input_value()
    assert "/invite/" in invite_url

    guest_ctx = browser.new_context()
    guest = guest_ctx.new_page()
    guest.goto(invite_url)
    expect(guest.get_by_role("heading", name="Invitation to Midnight Khrap")).to_be_visible()
    guest.get_by_role("main").get_by_role("link", name="Register").click()
    fill_registration(guest, "gosho")
    # Back on the invite page, now logged in.
    guest.get_by_role("button", name="Join the club").click()
    expect(guest.locator("#member-list")).to_contain_text("Gosho")
    expect(guest.locator(".message")).to_contain_text("Welcome to Midnight Khrap")

    owner.reload()
    expect(owner.locator("#member-list")).to_contain_text("Gosho")
    expect(owner.locator("#audit")).to_contain_text("Joined")

    assert Membership.objects.filter(club__name="Midnight Khrap", user__username="gosho",
                                     status="active").exists()
    owner_ctx.close()
    guest_ctx.close()


def log_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My clubs")).to_be_visible()


def test_approve_button_swaps_the_partial_with_htmx(live_server, browser: Browser) -> None:
    from club import services
    from club.models import User

    owner = User.objects.create_user("olga", "olga@example.org", PASSWORD, display_name="Olga")
    asker = User.objects.create_user("ivan", "ivan@example.org", PASSWORD, display_name="Ivan")
    club = services.club_create(user=owner, name="Slow Door", join_policy="approval")
    services.membership_join(club=club, user=asker)

    ctx = browser.new_context()
    page = ctx.new_page()
    log_in(page, live_server.url, "olga")
    page.goto(f"{live_server.url}{club.get_absolute_url()}")
    page.evaluate("window.__noReload = true")
    page.get_by_role("button", name="Approve").click()
    expect(page.locator("#people .message")).to_contain_text("Ivan is now a member.")
    expect(page.locator("#member-list")).to_contain_text("Ivan")
    assert page.evaluate("window.__noReload") is True  # swapped in place: htmx, with the CSRF header
    assert Membership.objects.get(club=club, user=asker).status == "active"
    ctx.close()
