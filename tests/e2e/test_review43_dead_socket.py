"""Review 43: a socket can die without the browser knowing (a laptop that slept, a phone whose
screen was locked, a network that changed under it): it stays open and silent, with no close and no
"offline" from the browser. A player who came back to such a tab saw his table as he had left it,
his turn perhaps, and no banner, for as long as the system took to give the socket up (minutes).
Back in sight after a while, the page now asks the table for its picture, and connects again if no
answer comes."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from games.models import Deal, TableSession
from games.services import practice_table_open

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_review43_offline import _my_turn
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SEEN = """(state) => {
  Object.defineProperty(document, "visibilityState", {configurable: true, get: () => state});
  Object.defineProperty(document, "hidden", {configurable: true, get: () => state === "hidden"});
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def _sockets_that_can_die(page: Page) -> list[dict]:
    """Each table socket through a relay that can stop passing frames either way, closing nothing."""
    relays: list[dict] = []

    def relay(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        state = {"alive": True}
        ws.on_message(lambda m: server.send(m) if state["alive"] else None)
        server.on_message(lambda m: ws.send(m) if state["alive"] else None)
        relays.append(state)

    page.route_web_socket("**/ws/table/**", relay)
    return relays


def test_a_tab_back_in_sight_finds_a_dead_socket_and_connects_again(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera)
    # The shortest turn the tables allow: her clock runs out soon after the tab is hidden.
    TableSession.objects.filter(pk=table.pk).update(turn_seconds=5)
    page = _login(browser, daphne_url, "vera")
    relays = _sockets_that_can_die(page)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    _my_turn(page)
    live = page.locator("#table-live")
    deal, seq = live.get_attribute("data-deal-number"), live.get_attribute("data-seq")

    page.evaluate(SEEN, "hidden")
    relays[-1]["alive"] = False  # the laptop sleeps: the socket dies, and nobody says so
    # Hidden long enough to be asked again when back in sight (the page's 15 s), and past Vera's
    # turn: the clock moved for her meanwhile.
    page.wait_for_timeout(16_000)
    for _ in range(300):
        if Deal.objects.get(session=table, number=int(deal or 0)).seq > int(seq or 0):
            break
        page.wait_for_timeout(100)
    page.evaluate(SEEN, "visible")

    for _ in range(150):
        if len(relays) > 1:
            break
        page.wait_for_timeout(100)
    assert len(relays) > 1, "the page never connected again"
    expect(page.locator("#table-banner")).to_be_hidden(timeout=10_000)
    # The table as it is now: Vera's turn passed (the clock moved for her) while the tab slept.
    expect(live).not_to_have_attribute("data-seq", seq or "", timeout=10_000)
    assert Deal.objects.get(session=table, number=int(deal or 0)).seq > int(seq or 0)
