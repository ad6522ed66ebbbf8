"""A form the browser posts itself was sent again by a second click while the first was on its way:
two invite links for one click too many, and a double click on "Change password" sent the old
session twice (the first answer's new session was lost: logged out). Such a form is sent once; the
page the answer draws has its own forms, sent as usual."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from club import services
from club.models import Invite, User

PASSWORD = "Chips-and-Trumps-2024"

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TWO_SUBMITS = """async () => {
    const form = document.querySelector("#invites form");
    const submits = [];
    window.addEventListener("submit", (event) => submits.push(event.defaultPrevented));
    form.requestSubmit();
    // The second in a task of its own, as a second click is, while the first is on its way.
    await new Promise((resolve) => setTimeout(resolve, 0));
    form.requestSubmit();
    return submits;
}"""


def test_a_second_click_while_the_first_is_on_its_way_sends_nothing(live_server, browser: Browser) -> None:
    owner = User.objects.create_user("olga", "olga@example.org", PASSWORD, display_name="Olga")
    club = services.club_create(user=owner, name="Deep Pockets")
    page = browser.new_context().new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}{club.get_absolute_url()}")

    assert page.evaluate(TWO_SUBMITS) == [False, True]  # the second went nowhere
    expect(page.locator(".invite-url")).to_have_count(1)
    assert Invite.objects.filter(club=club).count() == 1

    page.get_by_role("button", name="Create an invite link").click()
    expect(page.locator(".invite-url")).to_have_count(2)
    assert Invite.objects.filter(club=club).count() == 2
