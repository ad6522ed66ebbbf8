"""A ban during a live deal, in the browser: the banned player's page says why and stops, the deal
finishes with his seat played by default moves, his chips go home, and the table stays closed to him."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from club.models import Membership
from games.models import Deal, Seat
from games.services import dealing, table_session_create
from ledger.selectors import wallet_balance

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_table_play import _club_with_players, _login, _open_table, _play_until_settled

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_player_banned_mid_deal_is_told_and_his_chips_go_home(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    club, users = _club_with_players(["vera", "gleb"])
    _vera, gleb = users
    table = table_session_create(
        club=club,
        actor=club.created_by,
        title="Late night",
        preset="classic",
        stake=5,
        seat_count=2,
        min_players=2,
        buy_in_min=100,
        buy_in_max=300,
        turn_seconds=5,
    )
    pages = [_login(browser, daphne_url, u.username) for u in users]
    for position, page in enumerate(pages, start=1):
        _open_table(page, f"{daphne_url}/tables/{table.pk}/")
        page.locator(f"#sit-{position}").click()
        expect(page.locator(".seat-controls").get_by_role("button", name="Leave the table")).to_be_visible()
    for page in pages:
        expect(page.locator(".phase")).to_contain_text(re.compile("Bidding"), timeout=15_000)

    manager = _login(browser, daphne_url, "olga")
    manager.goto(f"{daphne_url}/clubs/{club.slug}/")
    row = manager.locator("#member-list li", has_text="@gleb")
    row.locator("details.ban summary").first.click()
    row.locator("input[name=reason]").first.fill("chip dumping")
    row.get_by_role("button", name="Ban").click()
    expect(manager.locator("#people")).to_contain_text("banned")

    banned = pages[1]
    expect(banned.locator("#table-error")).to_contain_text("banned", timeout=10_000)
    expect(banned.locator("#table-banner")).to_contain_text("no longer play")
    deal = Deal.objects.get(session=table)
    _play_until_settled([pages[0]])  # Vera plays on; Gleb's seat moves by itself (5 s turns)
    deal.refresh_from_db()
    assert deal.is_over
    seat = Seat.objects.get(session=table, member__user=gleb)
    assert seat.status == Seat.Status.LEFT
    membership = Membership.objects.get(club=club, user=gleb)
    index = deal.players.index(seat.pk)
    bought = dealing.deal_state(deal).setup.start_stacks[index]  # his first deal: the buy-in
    assert wallet_balance(membership=membership) == 1000 - bought + deal.outcome["stacks"][index]
    banned.reload()
    expect(banned.locator("#table-refused")).to_contain_text("chip dumping")
