"""Review 78 in a browser: a manager's invite link after he is demoted. The guest holding it is told
in plain words that it no longer works and is offered no Join button; the owner's list of links
marks it stopped, names its maker and offers no address to copy, only Withdraw."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from club import services
from club.models import Club, Membership, User

PASSWORD = "Chips-and-Trumps-2024"

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _log_in(browser: Browser, base: str, username: str):
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My clubs")).to_be_visible()
    return context, page


def test_a_demoted_managers_link_in_a_browser(live_server, browser: Browser) -> None:
    owner, misha, guest = (
        User.objects.create_user(name, f"{name}@example.org", PASSWORD, display_name=name.capitalize())
        for name in ("olga", "misha", "gosho")
    )
    club = services.club_create(user=owner, name="Back Room", join_policy=Club.JoinPolicy.OPEN)
    services.membership_join(club=club, user=misha)
    row = Membership.objects.get(club=club, user=misha)
    services.membership_set_role(membership=row, actor=owner, role=Membership.Role.MANAGER)
    link = services.invite_create(club=club, actor=misha, max_uses=3)
    services.membership_set_role(membership=row, actor=owner, role=Membership.Role.MEMBER)
    base = live_server.url

    guest_context, page = _log_in(browser, base, "gosho")
    page.goto(f"{base}{link.get_absolute_url()}")
    expect(page.get_by_role("alert")).to_contain_text(
        "This invite link no longer works: the manager who made it no longer manages the club."
    )
    expect(page.get_by_role("button", name="Join the club")).to_have_count(0)
    guest_context.close()

    owner_context, page = _log_in(browser, base, "olga")
    page.goto(f"{base}{club.get_absolute_url()}#invites")
    stopped = page.locator("#invites li.invite-stopped")
    expect(stopped).to_contain_text("Stopped working: Misha (@misha) made it and no longer manages the club.")
    expect(stopped.locator("input.invite-url")).to_have_count(0)
    expect(page.locator("#invites")).not_to_contain_text("invite link in use")
    stopped.get_by_role("button", name="Withdraw").click()
    expect(page.locator(".message")).to_contain_text("The invite link has been withdrawn.")
    expect(page.locator("#invites li.invite-stopped")).to_have_count(0)
    owner_context.close()
    assert not Membership.objects.filter(club=club, user=guest).exists()
