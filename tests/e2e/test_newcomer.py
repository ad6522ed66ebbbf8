"""A newcomer's walk-through in a real browser: on a 390 px phone "My chips" and the club page fit
the screen; a long display name keeps the header on one line and the audit table inside its card;
the rules page marks the tab shown after an htmx switch; leaving the club takes a confirmation."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from club import services
from club.models import Membership, User
from ledger.services import chips_grant

PASSWORD = "Chips-and-Trumps-2024"
LONG_NAME = "Maximiliana-Konstantinopolskaya-Vysheslavtseva-" + "X" * 12  # 60 characters, no space

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def log_in(browser: Browser, base: str, username: str, viewport: dict) -> Page:
    page = browser.new_context(viewport=viewport).new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My clubs")).to_be_visible()
    return page


@pytest.fixture
def busy_club(db):
    owner = User.objects.create_user("olga", "olga@example.org", PASSWORD, display_name=LONG_NAME)
    ivan = User.objects.create_user("ivan", "ivan@example.org", PASSWORD, display_name="Ivan")
    club = services.club_create(user=owner, name="Long Names Club")
    services.membership_join(club=club, user=ivan)
    mine = Membership.objects.get(club=club, user=ivan)
    for i in range(30):
        chips_grant(membership=mine, amount=1000 + i, actor=owner,
                    reason=f"a rather long memo without breaks {i} " + "Z" * 40,
                    idempotency_key=f"e2e:nc:{i}")
    gleb = User.objects.create_user("gleb", "gleb@example.org", PASSWORD, display_name="G" * 60)
    services.membership_join(club=club, user=gleb)
    services.membership_ban(membership=Membership.objects.get(club=club, user=gleb), actor=owner,
                            reason="R" * 200)
    return club, owner, ivan


def _fits(page: Page, width: int) -> None:
    """Nothing runs past the screen: no sideways scrolling, every card's right edge on it."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    rights = page.evaluate(
        "[...document.querySelectorAll('.card, .howto')].map(c => c.getBoundingClientRect().right)"
    )
    assert rights and max(rights) <= width, rights


def test_my_chips_and_the_club_page_fit_a_390_px_phone(live_server, browser: Browser, busy_club) -> None:
    club, _owner, _ivan = busy_club
    page = log_in(browser, live_server.url, "ivan", PHONE)
    page.goto(f"{live_server.url}/clubs/{club.slug}/chips/")
    expect(page.locator("svg.chips-chart")).to_be_visible()
    _fits(page, 390)
    chart = page.locator("svg.chips-chart").bounding_box()
    card = page.locator(".card").first.bounding_box()
    assert chart["x"] >= card["x"] and chart["x"] + chart["width"] <= card["x"] + card["width"] + 0.5
    page.goto(live_server.url + club.get_absolute_url())
    _fits(page, 390)
    page.goto(f"{live_server.url}/rules/")
    _fits(page, 390)


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_long_display_name_keeps_the_header_and_the_audit_table_in_shape(
    live_server, browser: Browser, busy_club, viewport
) -> None:
    club, _owner, _ivan = busy_club
    page = log_in(browser, live_server.url, "olga", viewport)
    page.goto(live_server.url + club.get_absolute_url())
    header = page.locator(".site-header").bounding_box()
    # One row on a desktop; on a phone the nav goes under the name: two rows, never four.
    assert header["height"] <= (60 if viewport is DESKTOP else 110), header
    _fits(page, viewport["width"])
    if viewport is DESKTOP:
        table = page.locator("#audit table").bounding_box()
        card = page.locator("#audit").bounding_box()
        assert table["x"] + table["width"] <= card["x"] + card["width"], (table, card)


def test_rules_tabs_mark_the_preset_shown_after_an_htmx_switch(live_server, browser: Browser) -> None:
    page = browser.new_context().new_page()
    page.goto(f"{live_server.url}/rules/")
    current = page.locator(".preset-tabs a[aria-current='page']")
    expect(current).to_have_count(1)
    expect(current).to_have_text("Classic Khrap")
    page.evaluate("window.__noReload = true")
    page.get_by_role("link", name="Frap", exact=True).click()
    expect(page.locator("#howto h2")).to_have_text("Frap")
    expect(current).to_have_count(1)
    expect(current).to_have_text("Frap")
    # And again from the swapped tabs.
    page.get_by_role("link", name="Classic Khrap", exact=True).click()
    expect(page.locator("#howto h2")).to_have_text("Classic Khrap")
    expect(current).to_have_text("Classic Khrap")
    assert page.evaluate("window.__noReload") is True
    page.go_back()
    expect(page.locator("#howto h2")).to_have_text("Frap")
    expect(current).to_have_text("Frap")


def test_leaving_the_club_takes_a_second_click(live_server, browser: Browser, busy_club) -> None:
    club, _owner, ivan = busy_club
    page = log_in(browser, live_server.url, "ivan", DESKTOP)
    page.goto(live_server.url + club.get_absolute_url())
    confirm = page.get_by_role("button", name="Yes, leave the club")
    expect(confirm).to_be_hidden()
    page.get_by_text("Leave the club…").click()
    expect(confirm).to_be_visible()
    # The words come with the button, read when the box was opened.
    expect(page.locator("#leave")).to_contain_text("You will no longer see the club's tables and members.")
    confirm.click()
    expect(page.locator(".message")).to_contain_text("You have left Long Names Club.")
    assert Membership.objects.get(club=club, user=ivan).status == "left"
