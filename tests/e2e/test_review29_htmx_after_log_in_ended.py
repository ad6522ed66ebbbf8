"""Review 29: a button that htmx sends (approve a request, grant chips, load more of My chips) from a
page whose log-in had ended (logged out in another tab, the session expired). The site answers
with a redirect to the log-in page, which htmx followed inside its request: the whole log-in page
(header, footer and all) was swapped into the section the button meant to update, and the address
bar still named the club. The browser now goes to the log-in page itself, which brings the person
back to the page he was on.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from club import services
from club.models import Club, Membership, User

PASSWORD = "Chips-and-Trumps-2024"

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def log_in(page: Page, username: str) -> None:
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Log in").click()


def test_approve_after_the_log_in_ended_goes_to_log_in_and_back(live_server, browser: Browser) -> None:
    owner = User.objects.create_user("olga", "olga@example.org", PASSWORD, display_name="Olga")
    asker = User.objects.create_user("ivan", "ivan@example.org", PASSWORD, display_name="Ivan")
    club = services.club_create(user=owner, name="By Request", join_policy=Club.JoinPolicy.APPROVAL)
    services.membership_join(club=club, user=asker)
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    log_in(page, "olga")
    page.goto(f"{live_server.url}{club.get_absolute_url()}")
    approve = page.locator("#people").get_by_role("button", name="Approve")
    expect(approve).to_be_visible()

    # The log-in ends in another tab of the same browser.
    other = context.new_page()
    other.goto(f"{live_server.url}/accounts/profile/")
    other.get_by_role("button", name="Log out").click()
    expect(other.get_by_role("link", name="Log in").first).to_be_visible()
    other.close()

    approve.click()
    expect(page).to_have_url(re.compile(r"/accounts/login/\?next="))
    expect(page.locator("main #people")).to_have_count(0)
    assert Membership.objects.get(club=club, user=asker).status == Membership.Status.PENDING

    log_in(page, "olga")
    expect(page).to_have_url(f"{live_server.url}{club.get_absolute_url()}")
    expect(page.locator("#people").get_by_role("button", name="Approve")).to_be_visible()
    expect(page.locator("header.site-header")).to_have_count(1)


def test_load_more_of_my_chips_after_the_log_in_ended(live_server, browser: Browser) -> None:
    from ledger.selectors import STATEMENT_PAGE
    from ledger.services import chips_adjust

    owner = User.objects.create_user("olga", "olga@example.org", PASSWORD, display_name="Olga")
    club = services.club_create(user=owner, name="Deep Pockets")
    mine = Membership.objects.get(club=club, user=owner)
    admin = User.objects.create_superuser("root", "root@example.org", PASSWORD)
    for n in range(STATEMENT_PAGE + 1):
        chips_adjust(member=mine, kind="grant", amount=1, actor=admin, reason="r", idempotency_key=f"e2e:{n}")
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    log_in(page, "olga")
    chips_page = f"{live_server.url}{club.get_absolute_url()}chips/"
    page.goto(chips_page)
    more = page.get_by_role("link", name="Load more")
    expect(more).to_be_visible()

    context.clear_cookies(name="sessionid")  # the session expired
    more.click()
    expect(page).to_have_url(re.compile(r"/accounts/login/\?next="))
    log_in(page, "olga")
    expect(page).to_have_url(chips_page)
    expect(page.locator("header.site-header")).to_have_count(1)


def test_approve_from_a_tab_older_than_the_log_in_says_so_and_works_again(
    live_server, browser: Browser
) -> None:
    """Logged out and in again in another tab: the page's form token is stale and the site refuses
    the request (403), which htmx does not show. The click did nothing at all; now the page reloads
    and says why, and the button works again."""
    owner = User.objects.create_user("olga", "olga@example.org", PASSWORD, display_name="Olga")
    asker = User.objects.create_user("ivan", "ivan@example.org", PASSWORD, display_name="Ivan")
    club = services.club_create(user=owner, name="By Request", join_policy=Club.JoinPolicy.APPROVAL)
    services.membership_join(club=club, user=asker)
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    log_in(page, "olga")
    page.goto(f"{live_server.url}{club.get_absolute_url()}")
    expect(page.locator("#people").get_by_role("button", name="Approve")).to_be_visible()

    other = context.new_page()
    other.goto(f"{live_server.url}/accounts/profile/")
    other.get_by_role("button", name="Log out").click()
    other.goto(f"{live_server.url}/accounts/login/")
    log_in(other, "olga")
    expect(other.get_by_role("heading", name="My clubs")).to_be_visible()
    other.close()

    page.locator("#people").get_by_role("button", name="Approve").click()
    expect(page.get_by_text("nothing has changed", exact=False).first).to_be_visible()
    assert Membership.objects.get(club=club, user=asker).status == Membership.Status.PENDING

    page.locator("#people").get_by_role("button", name="Approve").click()
    expect(page.locator("#people")).to_contain_text("Ivan is now a member.")
    assert Membership.objects.get(club=club, user=asker).status == Membership.Status.ACTIVE
