"""Review 33: on a 320 px phone the seats stood one a row (each wanted 9.5rem, two did not fit), so
four seats pushed the trick, "your turn" and the player's own cards two screens down. They stand two
a row, and nothing in a seat runs out of it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from games.services.sessions import practice_table_open

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_four_seats_stand_two_a_row_on_a_320_px_phone(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera, preset="classic", bots=3)
    page = _login(browser, daphne_url, "vera", viewport={"width": 320, "height": 568}, has_touch=True)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    expect(page.locator("#table-live")).to_have_attribute("data-my-turn", "1", timeout=20_000)
    rows = page.evaluate(
        "[...document.querySelectorAll('.seat')].map(s => Math.round(s.getBoundingClientRect().top))"
    )
    assert len(rows) == 4 and len(set(rows)) == 2, rows
    spill = page.evaluate(
        """() => [...document.querySelectorAll('.seat *')].filter(e => {
             const seat = e.closest('.seat').getBoundingClientRect(), r = e.getBoundingClientRect();
             return r.width && (r.right > seat.right + 0.5 || r.left < seat.left - 0.5);
           }).map(e => e.className || e.tagName)"""
    )
    assert spill == [], spill
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
