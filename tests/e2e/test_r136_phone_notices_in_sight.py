"""Review 136: on a phone a player follows the trick, far down the page (a 12-seat Frap is six rows
of seats above it), and plays from the move box at the screen's bottom. The table's refusal of his
move ("the table moved on...") and the banner of a lost connection were drawn at the page's top,
more than a screen above: the card he tapped stayed in his hand and nothing said why. They now stay
in sight at the top of the screen while he is anywhere in the table."""

from __future__ import annotations

import json
import re

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from games.services.sessions import practice_table_open

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

IN_SIGHT = """id => {
  const box = document.getElementById(id), r = box.getBoundingClientRect();
  const under = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !box.hidden && r.top >= 0 && r.bottom <= innerHeight && !!under && box.contains(under);
}"""


UNDER_THE_NOTICE = """() => {
  const e = document.activeElement, r = e.getBoundingClientRect();
  const notices = document.querySelector('.table-notices').getBoundingClientRect();
  return e.closest('#table-live') && r.top < notices.bottom - 0.5 ? (e.id || e.tagName) : '';
}"""


@pytest.fixture(autouse=True)
def _no_time_zone() -> None:
    timezone.deactivate()


def _scrolled_to_the_trick(page: Page) -> None:
    page.evaluate("document.querySelector('#table-live .center').scrollIntoView({block: 'center'})")
    page.wait_for_timeout(200)
    assert page.evaluate("scrollY") > 0


def test_a_refusal_and_a_lost_connection_are_said_where_the_phone_player_looks(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera, preset="classic", bots=3)
    page = _login(browser, daphne_url, "vera", viewport={"width": 320, "height": 568}, has_touch=True)
    # The next move goes out as drawn for a position the table has left (as when another tab moved
    # first), whatever frame redrew the move box meanwhile: changed on its way to the server.
    stale = {"armed": False}

    def table_socket(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def to_server(message: str | bytes) -> None:
            if stale["armed"] and isinstance(message, str) and '"seq"' in message:
                data = json.loads(message)
                data["seq"] = "0"
                message = json.dumps(data)
                stale["armed"] = False
            server.send(message)

        ws.on_message(to_server)
        server.on_message(ws.send)

    page.route_web_socket(re.compile(r"/ws/table/"), table_socket)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    live = page.locator("#table-live")
    expect(live).to_have_attribute("data-my-turn", "1", timeout=20_000)
    _scrolled_to_the_trick(page)
    stale["armed"] = True  # the move tapped now is refused
    move = page.locator(".my-move .bids button:not([disabled])").first
    box = move.bounding_box()
    assert box is not None
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    error = page.locator("#table-error")
    expect(error).to_be_visible(timeout=10_000)
    assert page.evaluate(IN_SIGHT, "table-error"), "the refusal was drawn out of sight"
    # Kept at the screen's top, it hides nothing a keyboard reaches: Shift+Tab up the table
    # scrolls each control clear of it.
    page.locator("#deal-log").focus()
    for _ in range(8):
        page.keyboard.press("Shift+Tab")
        hidden = page.evaluate(UNDER_THE_NOTICE)
        assert not hidden, f"{hidden} got the focus under the refusal"

    _scrolled_to_the_trick(page)
    page.context.set_offline(True)
    expect(page.locator("#table-banner")).to_be_visible(timeout=3_000)
    assert page.evaluate(IN_SIGHT, "table-banner"), "the lost connection was said out of sight"
    page.context.set_offline(False)
