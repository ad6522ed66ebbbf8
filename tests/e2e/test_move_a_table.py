"""A olga moves a scheduled table's start in the admin in chromium: the action asks for the new
start in his time zone, a past time is refused beside the field, the new time is saved and said."""

from __future__ import annotations

import threading
import zoneinfo
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone
from playwright.sync_api import Browser, expect

from club import services
from club.models import User
from games.models import TableSession
from games.services import table_session_create

from .daphne_server import daphne_url  # noqa: F401  (a fixture)

PASSWORD = "Chips-and-Trumps-2024"
SOFIA = zoneinfo.ZoneInfo("Europe/Sofia")

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_an_owner_moves_a_tables_start_from_the_admin(live_server, browser: Browser) -> None:
    owner = User.objects.create_user(
        "olga", "olga@example.org", PASSWORD, display_name="Olga", time_zone="Europe/Sofia"
    )
    club = services.club_create(user=owner, name="Moving House")
    starts = (timezone.now() + timedelta(hours=3)).replace(second=0, microsecond=0)
    table = table_session_create(
        club=club,
        actor=owner,
        title="Friday night",
        preset="classic",
        seat_count=4,
        stake=5,
        buy_in_min=100,
        buy_in_max=500,
        starts_at=starts,
    )
    page = browser.new_context().new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My clubs")).to_be_visible()

    page.goto(f"{live_server.url}/admin/games/tablesession/")
    page.locator(f'input[name="_selected_action"][value="{table.pk}"]').check()
    page.locator('select[name="action"]').select_option("move_selected")
    page.get_by_role("button", name="Go").click()
    field = page.get_by_label("New start")
    expect(field).to_have_value(timezone.localtime(starts, SOFIA).strftime("%Y-%m-%dT%H:%M"))

    past = (timezone.now() - timedelta(hours=2)).astimezone(SOFIA)
    field.fill(past.strftime("%Y-%m-%dT%H:%M"))
    page.get_by_role("button", name="Move").click()
    expect(page.locator(".errorlist")).to_contain_text("Choose a start still to come.")
    assert TableSession.objects.get(pk=table.pk).starts_at == starts

    wall = (
        (timezone.now() + timedelta(days=2))
        .astimezone(SOFIA)
        .replace(hour=21, minute=15, second=0, microsecond=0)
    )
    page.get_by_label("New start").fill(wall.strftime("%Y-%m-%dT%H:%M"))
    page.get_by_role("button", name="Move").click()
    expect(page.locator(".messagelist")).to_contain_text("now starts")
    expect(page.locator(".messagelist")).to_contain_text("21:15 (Europe/Sofia)")
    assert TableSession.objects.get(pk=table.pk).starts_at == wall


def test_a_member_watching_the_table_sees_its_new_start(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    """The page's "This table starts …" is drawn outside the live frames: a member who had the table
    open read the old start until he reloaded, and found seating shut at the time it named."""
    from games.services.schedule import session_move

    from .test_table_play import _club_with_players, _login, _open_table

    club, _users = _club_with_players(["vera"])
    olga = User.objects.get(username="olga")  # the club's owner
    starts = (timezone.now() + timedelta(hours=3)).replace(second=0, microsecond=0)
    table = table_session_create(
        club=club,
        actor=olga,
        title="Late table",
        preset="classic",
        seat_count=4,
        stake=5,
        buy_in_min=100,
        buy_in_max=500,
        starts_at=starts,
    )
    page = _login(browser, daphne_url, "vera")
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    notice = page.locator("#table-starts")
    expect(notice).to_contain_text(timezone.localtime(starts).strftime("%H:%M"))
    later = starts + timedelta(hours=2, minutes=25)

    # From a thread of its own: this one runs Playwright's event loop, and the update is not sent
    # from a thread running one.
    def move() -> None:
        session_move(session_id=table.pk, actor=olga, starts_at=later)
        connection.close()

    moving = threading.Thread(target=move)
    moving.start()
    moving.join()
    expect(page.locator("#table-starts")).to_contain_text(timezone.localtime(later).strftime("%H:%M"))
    expect(page.locator("#table-starts")).to_have_attribute("data-starts", str(int(later.timestamp())))
