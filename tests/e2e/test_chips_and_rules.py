"""Chips and rules pages in a real browser: a manager grants chips from the club page (htmx), the
member reads "My chips" (balance, chart, statement, "load more"), and the rules page switches presets
in place and follows the language switch."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from club import services
from club.models import Membership, User
from ledger.services import chips_grant

PASSWORD = "Chips-and-Trumps-2024"

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def log_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My clubs")).to_be_visible()


@pytest.fixture
def club_with_member(db):
    owner = User.objects.create_user("olga", "olga@example.org", PASSWORD, display_name="Olga")
    player = User.objects.create_user("ivan", "ivan@example.org", PASSWORD, display_name="Ivan")
    club = services.club_create(user=owner, name="Chip Street")
    services.membership_join(club=club, user=player)
    return club, owner, player


def test_grant_with_htmx_then_the_member_reads_his_statement(live_server, browser: Browser,
                                                             club_with_member) -> None:
    club, owner, player = club_with_member
    manager = browser.new_context().new_page()
    log_in(manager, live_server.url, "olga")
    manager.goto(f"{live_server.url}{club.get_absolute_url()}")
    manager.evaluate("window.__noReload = true")

    form = manager.locator("#grant-form")
    # A grant the server refuses (Ivan was banned after the page was drawn) shows its reason in
    # place: htmx swaps in the form with its errors (a 422).
    services.membership_ban(membership=Membership.objects.get(club=club, user=player), actor=owner)
    form.get_by_label("Member").select_option(label="Ivan (@ivan)")
    form.get_by_label("Chips").fill("150")
    form.get_by_label("Reason").fill("Welcome")
    form.get_by_role("button", name="Grant chips").click()
    expect(manager.locator("#grant-form .errorlist")).to_be_visible()
    assert manager.evaluate("window.__noReload") is True
    assert not Membership.objects.get(club=club, user=player).is_active
    services.membership_unban(membership=Membership.objects.get(club=club, user=player), actor=owner)
    services.membership_join(club=club, user=player)
    manager.reload()
    manager.evaluate("window.__noReload = true")

    form = manager.locator("#grant-form")
    form.get_by_label("Member").select_option(label="Ivan (@ivan)")
    form.get_by_label("Chips").fill("150")
    form.get_by_label("Reason").fill("Welcome")
    form.get_by_role("button", name="Grant chips").click()
    expect(manager.locator("#grant-form")).to_contain_text("chips granted to Ivan")
    assert manager.evaluate("window.__noReload") is True
    assert chips_balance(player, club) == 150
    # The success was shown in place: no stale message waits for the next page.
    manager.goto(f"{live_server.url}{club.get_absolute_url()}")
    expect(manager.locator(".message")).to_have_count(0)

    # 30 more grants make two statement pages (25 lines each).
    mine = Membership.objects.get(club=club, user=player)
    for i in range(30):
        chips_grant(membership=mine, amount=1, actor=owner, reason=f"bonus {i}",
                    idempotency_key=f"e2e:bonus:{i}")

    page = browser.new_context().new_page()
    log_in(page, live_server.url, "ivan")
    page.goto(f"{live_server.url}{club.get_absolute_url()}")
    page.get_by_role("link", name="My chips").click()
    expect(page.locator("#chips-balance")).to_have_text("180")
    expect(page.locator("svg")).to_have_count(1)
    rows = page.locator("#statement-rows tr:not(.load-more)")
    expect(rows).to_have_count(25)
    page.evaluate("window.__noReload = true")
    page.get_by_role("link", name="Load more").click()
    expect(rows).to_have_count(31)
    assert page.evaluate("window.__noReload") is True
    # The oldest line is the first grant, with its running balance.
    expect(rows.last).to_contain_text("Welcome")
    expect(rows.last).to_contain_text("150")
    expect(page.get_by_role("link", name="Load more")).to_have_count(0)


def chips_balance(user: User, club) -> int:
    from ledger.selectors import wallet_balance

    return wallet_balance(membership=Membership.objects.get(club=club, user=user))


def test_rules_page_switches_presets_in_place_and_follows_the_language(live_server,
                                                                        browser: Browser) -> None:
    page = browser.new_context().new_page()
    page.goto(f"{live_server.url}/rules/")
    expect(page.locator("#howto h2")).to_have_text("Classic Khrap")
    page.evaluate("window.__noReload = true")
    page.get_by_role("link", name="Frap", exact=True).click()
    expect(page.locator("#howto h2")).to_have_text("Frap")
    expect(page.locator("#howto")).to_contain_text("Blind frap")
    assert page.evaluate("window.__noReload") is True
    assert page.url.endswith("/rules/frap/")

    page.select_option("#lang-select", "ru")
    expect(page.get_by_role("heading", name="Как играть")).to_be_visible()
    expect(page.locator("#howto h2")).to_have_text("Фрап")
    expect(page.locator("#howto")).to_contain_text(re.compile("Фрап втёмную"))
