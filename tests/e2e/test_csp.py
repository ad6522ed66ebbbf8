"""Under the Content-Security-Policy the browser reports no violation on the site's pages, and htmx
swaps (a preset tab, a manager's approve button) and the language switch still work."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from club import services
from club.models import Membership, User
from ledger.services import chips_grant

PASSWORD = "Chips-and-Trumps-2024"

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " " + (e.sourceFile || ""));
});
"""


def watched(browser: Browser) -> tuple[Page, list[str]]:
    page = browser.new_context().new_page()
    console: list[str] = []
    page.on("console", lambda msg: console.append(msg.text) if "Content Security Policy" in msg.text
            or "Refused to" in msg.text else None)
    page.add_init_script(WATCH)
    return page, console


def violations(page: Page, console: list[str]) -> list[str]:
    return [*page.evaluate("window.__csp || []"), *console]


def test_pages_raise_no_csp_violation_and_htmx_still_swaps(live_server, browser: Browser) -> None:
    owner = User.objects.create_user("olga", "olga@example.org", PASSWORD, display_name="Olga",
                                     is_staff=True, is_superuser=True)
    asker = User.objects.create_user("ivan", "ivan@example.org", PASSWORD, display_name="Ivan")
    club = services.club_create(user=owner, name="Strict House", join_policy="approval")
    services.membership_join(club=club, user=asker)
    chips_grant(membership=Membership.objects.get(club=club, user=owner), amount=40, actor=owner,
                approved=True, reason="float", idempotency_key="csp:1")
    base = live_server.url
    page, console = watched(browser)

    for path in ("/", "/accounts/login/", "/accounts/register/", "/rules/", "/invite/nothing/",
                 "/invite/%00/"):
        page.goto(base + path)
        assert violations(page, console) == [], path

    # An htmx swap under the policy: the preset tab.
    page.goto(f"{base}/rules/")
    page.evaluate("window.__noReload = true")
    page.get_by_role("link", name="Frap", exact=True).click()
    expect(page.locator("#howto h2")).to_have_text("Frap")
    assert page.evaluate("window.__noReload") is True
    assert violations(page, console) == []

    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My clubs")).to_be_visible()

    page.goto(base + club.get_absolute_url())
    page.evaluate("window.__noReload = true")
    page.get_by_role("button", name="Approve").click()
    expect(page.locator("#people .message")).to_contain_text("Ivan is now a member.")
    assert page.evaluate("window.__noReload") is True
    # The invite link input selects itself on a click (site.js, not an inline handler).
    page.get_by_role("button", name="Create an invite link").click()
    page.locator("input.invite-url").first.click()
    assert page.evaluate("document.activeElement.selectionEnd - document.activeElement.selectionStart") > 10

    for path in (f"/clubs/{club.slug}/chips/", "/accounts/profile/", "/admin/", "/admin/club/membership/",
                 "/admin/club/auditlog/", "/admin/ledger/entry/", "/admin/ledger/journal/",
                 f"/admin/ledger/account/trial-balance/{club.pk}/",
                 "/admin/ledger/journal/?created_at__year=0"):
        page.goto(base + path)
        assert violations(page, console) == [], path

    # The language switch (site.js) still submits and comes back to the page shown.
    page.goto(f"{base}/rules/frap/")
    page.select_option("#lang-select", "ru")
    expect(page.get_by_role("heading", name="Как играть")).to_be_visible()
    assert page.url.endswith("/rules/frap/")
    assert violations(page, console) == []
