"""Review 21, in a real browser: step through a replay and press the back button step by step.
Each step pushes its address; past the ten pages htmx's history cache keeps, htmx fetched the step
again and the replay answered with its frame alone, which htmx put in place of the whole page: the
site's header, its menu ("Log out") and the link back to the deal were gone."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from playwright.sync_api import Browser, expect

from club import services as club_services
from club.models import Membership, User
from games.services import table_session_create
from ledger.services import chips_grant
from tests.games.conftest import play_deal_as_people, sit_all, start_deal

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _quick_tables(settings) -> None:
    settings.TABLE_DEAL_PAUSE = 0
    settings.TABLE_FIRST_DEAL_PAUSE = 0
    settings.TABLE_BOT_DELAY = 0
    settings.TABLE_AWAY_DELAY = 0


def _finished_deal():
    owner = User.objects.create_user("olga", email="olga@example.org", password=None)
    club = club_services.club_create(user=owner, name="Replays")
    players = []
    for name in ("vera", "gleb", "dasha", "ivan"):
        user = User.objects.create_user(name, email=f"{name}@example.org", password=None)
        club_services.membership_join(club=club, user=user)
        membership = Membership.objects.get(club=club, user=user)
        chips_grant(membership=membership, amount=1000, actor=owner, reason="start")
        players.append(user)
    table = table_session_create(
        club=club, actor=owner, title="Replayed", preset="classic", seat_count=4,
        stake=5, buy_in_min=100, buy_in_max=500, turn_seconds=30,
    )  # fmt: skip
    sit_all(table, players)
    # A deal long enough to step through more moves than htmx keeps (a deal everyone passes has few).
    for _ in range(20):
        deal = play_deal_as_people(start_deal(table), players)
        if deal.seq >= 14:
            return deal, players[0]
    raise AssertionError("twenty deals of fewer than 14 moves")


def test_back_through_more_replay_steps_than_htmx_keeps(live_server, browser: Browser) -> None:
    deal, vera = _finished_deal()
    steps = deal.seq
    assert steps >= 14, steps
    client = Client()
    client.force_login(vera, backend="django.contrib.auth.backends.ModelBackend")
    context = browser.new_context()
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/deals/{deal.pk}/replay/")
    expect(page.locator(".replay-count")).to_have_text(f"Move 0 of {steps}")
    forward = 13
    for step in range(1, forward + 1):
        page.locator("#replay-next").click()
        expect(page.locator(".replay-count")).to_have_text(f"Move {step} of {steps}")
        expect(page).to_have_url(re.compile(rf"\?step={step}$"))
    for step in range(forward - 1, -1, -1):
        page.go_back()
        expect(page.locator(".replay-count")).to_have_text(f"Move {step} of {steps}")
        # The whole page each time: the site's menu and the link back to the deal.
        expect(page.get_by_role("button", name="Log out")).to_be_visible()
        expect(page.locator(f"a[href='/deals/{deal.pk}/']")).to_be_visible()
    expect(page.locator("footer.site-footer")).to_be_visible()
    context.close()
