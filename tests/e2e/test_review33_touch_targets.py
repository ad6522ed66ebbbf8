"""Review 33: on a phone the seats' controls ("Stand the bot up", "Stand up…") were 19 px high
links in small type: a finger meant for one met the line next to it. Each is 24 px at least
(WCAG 2.5.8)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from games.services.sessions import practice_table_open

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", [{"width": 320, "height": 568}, {"width": 568, "height": 320}])
def test_every_control_of_the_seats_is_big_enough_for_a_finger(
    daphne_url: str,  # noqa: F811
    browser: Browser,
    viewport: dict,
) -> None:
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera, preset="classic", bots=3)
    page = _login(browser, daphne_url, "vera", viewport=viewport, has_touch=True, is_mobile=True)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    sizes = page.evaluate(
        """() => [...document.querySelectorAll(
               '#seats button, #seats summary, #seats input:not([type=hidden])')]
             .map(e => {
               const r = e.getBoundingClientRect();
               return [e.id || e.tagName, r.width, r.height];
             })
             .filter(s => s[1] > 0)"""
    )
    assert len(sizes) >= 3, sizes  # the three bots' "Stand the bot up"
    small = [s for s in sizes if s[1] < 24 or s[2] < 24]
    assert not small, small
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
