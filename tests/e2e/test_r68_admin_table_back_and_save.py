"""Review 68 in the browser: a manager saves the admin's "Add table session" form, presses Back and
saves again. The page is never kept, so Back fetches it with a new token: a second identical table
was opened. He is now asked beside a tick box, and one table stays one until he ticks it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, expect

from club import services
from club.models import User
from games.models import TableSession

PASSWORD = "Chips-and-Trumps-2024"

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_back_and_save_again_asks_before_a_second_table(live_server, browser: Browser) -> None:
    owner = User.objects.create_user("olga", "olga@example.org", PASSWORD, display_name="Olga")
    club = services.club_create(user=owner, name="Deep Pockets")
    page = browser.new_context().new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()

    page.goto(f"{live_server.url}/admin/games/tablesession/add/")
    page.select_option("#id_club", str(club.pk))
    page.fill("#id_title", "Friday")
    starts = timezone.localtime(timezone.now() + timedelta(days=3)).replace(hour=20, minute=0)
    page.fill("#id_starts_at", starts.strftime("%Y-%m-%dT%H:%M"))
    page.locator("input[name=_save]").click()
    expect(page.locator(".messagelist")).to_be_visible()
    assert TableSession.objects.filter(club=club).count() == 1

    page.go_back()
    expect(page.locator("#id_title")).to_be_visible()
    # What Back shows: the form as he filled it, or fresh; either way he fills it as before and saves.
    page.select_option("#id_club", str(club.pk))
    page.fill("#id_title", "Friday")
    page.fill("#id_starts_at", starts.strftime("%Y-%m-%dT%H:%M"))
    page.locator("input[name=_save]").click()
    expect(page.locator("#id_open_twin")).to_be_visible()
    expect(page.locator(".errorlist")).to_contain_text("same title and start")
    assert TableSession.objects.filter(club=club).count() == 1

    page.check("#id_open_twin")
    page.locator("input[name=_save]").click()
    expect(page.locator(".messagelist")).to_be_visible()
    assert TableSession.objects.filter(club=club, title="Friday").count() == 2
