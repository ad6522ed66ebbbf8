"""In a real browser: the table page loses its server (SIGKILL mid-deal), shows the banner while it
reconnects by itself, and once the server is back shows the same table, without a reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.management.commands._loadkit import login_cookie
from games.models import Deal
from tests.games.conftest import sit_all

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_page_shows_the_banner_and_comes_back_after_a_server_restart(
    daphne, make_table, players, page: Page
):
    table = make_table()
    sit_all(table, players)
    server = daphne()
    name, value = login_cookie(players[0]).split("=", 1)
    page.context.add_cookies([{"name": name, "value": value, "url": server.url}])
    page.goto(f"{server.url}/tables/{table.pk}/")
    live = page.locator("#table-live")
    expect(live).to_have_attribute("data-deal-number", "1", timeout=20_000)
    banner = page.locator("#table-banner")
    expect(banner).to_be_hidden()
    seq = live.get_attribute("data-seq")
    hand = page.locator("#table-live .hand, #table-live .card-button").count()

    server.kill()
    expect(banner).to_be_visible(timeout=10_000)
    expect(page.locator("#table-socket")).to_have_class("table-page offline")
    server.start()
    expect(banner).to_be_hidden(timeout=30_000)  # htmx's ws extension reconnected, with backoff
    deal = Deal.objects.get(session=table, number=1)
    expect(live).to_have_attribute("data-seq", str(deal.seq))
    assert str(deal.seq) == seq
    assert page.locator("#table-live .hand, #table-live .card-button").count() == hand
