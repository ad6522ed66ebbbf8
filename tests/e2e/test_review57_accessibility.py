"""Review 57: accessibility, as a keyboard and screen-reader user meets the site in a real browser."""

from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import Browser, Page, expect

from club import services as club_services
from club.models import Club, Membership, User
from ledger.services import chips_grant

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _club() -> tuple[Club, User, User]:
    owner = User.objects.create_user("olga", email="olga@example.org", password=None, display_name="Olga")
    club = club_services.club_create(user=owner, name="Evening Khrap")
    vera = User.objects.create_user("vera", email="vera@example.org", password=None, display_name="Vera")
    club_services.membership_join(club=club, user=vera)
    membership = Membership.objects.get(club=club, user=vera)
    chips_grant(membership=membership, amount=100, actor=owner, reason="start")
    return club, owner, vera


def _page(browser: Browser, base: str, user: User, language: str = "en", **context) -> Page:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    ctx = browser.new_context(**context)
    ctx.add_cookies(
        [
            {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base},
            {"name": "django_language", "value": language, "url": base},
        ]
    )
    return ctx.new_page()


def test_a_grant_refused_by_keyboard_puts_the_focus_on_the_field_and_says_why(
    live_server, browser: Browser
) -> None:
    """The grant form is swapped by htmx: the button pressed was gone, the focus fell to the page's
    top and the error under the field was never read out. The focus goes to the field refused, which
    names its error (aria-describedby)."""
    club, owner, _vera = _club()
    page = _page(browser, live_server.url, owner)
    page.goto(f"{live_server.url}/clubs/{club.slug}/")
    form = page.locator("#grant-form")
    form.locator("select[name=member]").select_option(label="Vera (@vera)")
    form.locator("input[name=amount]").fill("5")
    reason = form.locator("[name=reason]")
    reason.fill("   ")  # blank to the server, not to the browser's own check
    form.get_by_role("button", name="Grant chips").focus()
    page.keyboard.press("Enter")
    refused = page.locator("#grant-form [name=reason][aria-invalid=true]")
    expect(refused).to_be_focused()
    said = refused.evaluate(
        "e => e.getAttribute('aria-describedby').split(' ')"
        ".map(id => (document.getElementById(id) || {}).textContent || '').join(' ')"
    )
    assert "required" in said, said


def test_a_grant_made_by_keyboard_is_said_and_keeps_the_focus_in_the_form(
    live_server, browser: Browser
) -> None:
    club, owner, _vera = _club()
    page = _page(browser, live_server.url, owner)
    page.goto(f"{live_server.url}/clubs/{club.slug}/")
    form = page.locator("#grant-form")
    form.locator("select[name=member]").select_option(label="Vera (@vera)")
    form.locator("input[name=amount]").fill("5")
    form.locator("[name=reason]").fill("Birthday")
    form.get_by_role("button", name="Grant chips").focus()
    page.keyboard.press("Enter")
    notice = page.locator("#grant-form .notice")
    expect(notice).to_contain_text("5 chips granted to Vera")
    # The focus is on what was said (a screen reader reads it), not lost on the page's top.
    expect(notice).to_be_focused()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('#grant-form') !== null")
