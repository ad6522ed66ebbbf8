"""Review 90: the club page's "Leave the club…" box reads what leaving means when it is opened
(htmx, from the leave page). Ivan opened it (120 chips), closed it, was granted 30 more in another
tab and opened it again: it still said 120, as it was at the first opening ("toggle once")."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from club import services
from club.models import Membership, User
from ledger.services import chips_grant

PASSWORD = "Chips-and-Trumps-2024"
pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def log_in(browser: Browser, base: str, username: str) -> Page:
    page = browser.new_context().new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My clubs")).to_be_visible()
    return page


@pytest.fixture
def club_and_member(db):
    owner = User.objects.create_user("olga", "olga@example.org", PASSWORD)
    ivan = User.objects.create_user("ivan", "ivan@example.org", PASSWORD)
    club = services.club_create(user=owner, name="Leave Box Club")
    services.membership_join(club=club, user=ivan)
    mine = Membership.objects.get(club=club, user=ivan)
    chips_grant(membership=mine, amount=120, actor=owner, reason="x", idempotency_key="r90:1")
    return club, owner, mine


def test_the_box_opened_again_says_what_leaving_means_then(live_server, browser: Browser, club_and_member):
    club, owner, mine = club_and_member
    page = log_in(browser, live_server.url, "ivan")
    page.goto(live_server.url + club.get_absolute_url())
    words = page.locator("#leave .leave-confirm")
    summary = page.locator("#leave summary")
    summary.focus()
    page.keyboard.press("Enter")  # by keyboard
    expect(words).to_contain_text("Your 120 chips stay yours")
    expect(words.get_by_role("button", name="Yes, leave the club")).to_be_visible()
    page.keyboard.press("Enter")  # closed
    expect(words).to_be_hidden()
    chips_grant(membership=mine, amount=30, actor=owner, reason="y", idempotency_key="r90:2")
    summary.click()  # opened again
    expect(words).to_contain_text("Your 150 chips stay yours")
    words.get_by_role("button", name="Yes, leave the club").click()
    expect(page.get_by_text("You have left Leave Box Club.")).to_be_visible()
    mine.refresh_from_db()
    assert mine.status == Membership.Status.LEFT
