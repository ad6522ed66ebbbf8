"""Review 43: a player whose network went away (the browser knows: it says so to the page) saw his
table as it was, his turn and his clock running down, and no word that nothing reached him or the
table: the socket stays open in the browser until the network is back, or until the system gives it
up minutes later. The page now shows the banner as soon as the browser is offline, and once it is
back connects again and shows the table as it is now."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from games.models import Deal
from games.services import practice_table_open

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _my_turn(page: Page) -> None:
    live = page.locator("#table-live")
    for _ in range(600):
        if live.get_attribute("data-my-turn") == "1":
            return
        page.wait_for_timeout(100)
    raise AssertionError("Vera's turn never came")


def test_the_banner_shows_while_offline_and_the_table_is_current_after(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera)
    page = _login(browser, daphne_url, "vera")
    sockets: list[object] = []
    page.on("websocket", lambda ws: sockets.append(ws))
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    _my_turn(page)
    banner = page.locator("#table-banner")
    expect(banner).to_be_hidden()

    page.context.set_offline(True)
    expect(banner).to_be_visible(timeout=3_000)
    expect(page.locator("#table-socket")).to_have_class("table-page offline")
    page.wait_for_timeout(2_000)
    opened = len(sockets)
    page.context.set_offline(False)
    expect(banner).to_be_hidden(timeout=10_000)
    page.wait_for_timeout(1_000)  # the old socket's close, when it comes, is not a lost connection
    expect(banner).to_be_hidden()
    assert len(sockets) == opened + 1, "the page did not connect again once back online"
    live = page.locator("#table-live")
    deal = Deal.objects.filter(session=table).order_by("-number").first()
    expect(live).to_have_attribute("data-deal-number", str(deal.number))
    expect(live).to_have_attribute("data-seq", str(deal.seq))
