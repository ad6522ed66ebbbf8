"""Review 26: a big club's grant form asks for the member's username (the list of every member grew
with the club). In a real browser, with htmx and without JavaScript: a look-alike of a member's name
is refused with whom it may have meant, the exact username grants."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from club import services
from club.models import User
from ledger import forms as ledger_forms
from ledger.models import Journal
from ledger.selectors import wallet_balance

PASSWORD = "Chips-and-Trumps-2024"

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def log_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My clubs")).to_be_visible()


@pytest.fixture
def big_club(db, monkeypatch):
    # Three members make the club "big" here (the live server runs in this process).
    monkeypatch.setattr(ledger_forms, "GRANT_SELECT_MAX", 2, raising=False)
    owner = User.objects.create_user("olga", "olga@example.org", PASSWORD, display_name="Olga")
    club = services.club_create(user=owner, name="Name Street")
    people = {}
    for name in ("ivan", "vera", "gleb"):
        people[name] = User.objects.create_user(
            name, f"{name}@example.org", PASSWORD, display_name=name.title()
        )
        services.membership_join(club=club, user=people[name])
    return club, people


def _balance(club, user: User) -> int:
    from club.models import Membership

    return wallet_balance(membership=Membership.objects.get(club=club, user=user))


@pytest.mark.parametrize("javascript", [True, False])
def test_grant_by_username(live_server, browser: Browser, big_club, javascript: bool) -> None:
    club, people = big_club
    page = browser.new_context(java_script_enabled=javascript).new_page()
    log_in(page, live_server.url, "olga")
    page.goto(f"{live_server.url}{club.get_absolute_url()}")
    form = page.locator("#grant-form")
    expect(form.locator("select")).to_have_count(1)  # grant or take back only: no list of members
    field = form.get_by_role("textbox", name="Member")
    expect(field).to_be_visible()

    field.fill("iv\u0430n")  # a Cyrillic а
    form.get_by_label("Chips").fill("40")
    form.get_by_label("Reason").fill("Welcome")
    form.get_by_role("button", name="Grant chips").click()
    # Said beside the field either way: without javascript, on the club page again, the form kept
    # (review 129: a flash message above said it a second time).
    expect(page.locator("#grant-form .errorlist").first).to_contain_text("Did you mean Ivan (@ivan)?")
    expect(page.locator(".message")).to_have_count(0)
    assert not Journal.objects.filter(kind="grant").exists()

    form = page.locator("#grant-form")
    form.get_by_role("textbox", name="Member").fill("ivan")
    form.get_by_label("Chips").fill("40")
    form.get_by_label("Reason").fill("Welcome")
    form.get_by_role("button", name="Grant chips").click()
    where = page.locator("#grant-form") if javascript else page.locator("main")
    expect(where).to_contain_text("40 chips granted to Ivan")
    assert _balance(club, people["ivan"]) == 40 and _balance(club, people["vera"]) == 0
