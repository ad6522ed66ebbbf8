"""A button htmx sends that the site refuses (here "Load more" on My chips after a ban: 403) swapped
nothing and said nothing: the click did nothing anyone could see (review 29's note). The page says
the site refused it, until a request goes through; one that never reaches the site says so too."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from club import services
from club.models import Membership, User

PASSWORD = "Chips-and-Trumps-2024"

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_refused_load_more_says_so(live_server, browser: Browser) -> None:
    from ledger.selectors import STATEMENT_PAGE
    from ledger.services import chips_grant

    owner = User.objects.create_user("olga", "olga@example.org", PASSWORD, display_name="Olga")
    vera = User.objects.create_user("vera", "vera@example.org", PASSWORD, display_name="Vera")
    club = services.club_create(user=owner, name="Deep Pockets")
    mine = services.membership_join(club=club, user=vera)
    for n in range(STATEMENT_PAGE + 1):
        chips_grant(membership=mine, amount=1, actor=owner, reason=f"r{n}")
    page = browser.new_context().new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "vera")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}{club.get_absolute_url()}chips/")
    problem = page.locator("#request-problem")
    expect(problem).to_be_hidden()

    services.membership_ban(membership=Membership.objects.get(pk=mine.pk), actor=owner, reason="cheating")
    page.get_by_role("link", name="Load more").click()
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("The site refused this")
    expect(page.get_by_role("link", name="Load more")).to_be_visible()  # nothing was swapped

    page.context.set_offline(True)
    page.get_by_role("link", name="Load more").click()
    expect(problem).to_contain_text("could not be reached")
    page.context.set_offline(False)

    services.membership_unban(membership=Membership.objects.get(pk=mine.pk), actor=owner)
    services.membership_join(club=club, user=vera)
    page.get_by_role("link", name="Load more").click()
    expect(page.get_by_text("r0", exact=True)).to_be_visible()
    expect(problem).to_be_hidden()
