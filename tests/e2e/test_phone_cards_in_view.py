"""On a phone held upright the player's cards and moves stood below the felt, about 720 px down on a
320 x 568 screen: at every turn he scrolled down to his cards, and up again to see the trick. They
stay at the bottom of the screen now, and the table above them scrolls clear of them; on a wide
screen, and on a phone on its side, they stand where they stood."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from games.services.sessions import practice_table_open

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _boxes(page: Page) -> dict:
    return page.evaluate(
        """() => {
             const box = s => { const r = document.querySelector(s).getBoundingClientRect();
                                return {top: r.top, bottom: r.bottom}; };
             return {card: box('.my-hand .pcard'), move: box('.my-move button'), phase: box('.center .phase'),
                     moves: box('.my-move'), height: window.innerHeight,
                     position: getComputedStyle(document.querySelector('.my-move')).position};
           }"""
    )


@pytest.mark.parametrize("viewport", [{"width": 320, "height": 568}, {"width": 375, "height": 667}])
def test_the_cards_and_moves_are_on_screen_on_an_upright_phone(
    daphne_url: str,  # noqa: F811
    browser: Browser,
    viewport: dict,
) -> None:
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera, preset="classic", bots=3)
    page = _login(browser, daphne_url, "vera", viewport=viewport, has_touch=True)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    expect(page.locator("#table-live")).to_have_attribute("data-my-turn", "1", timeout=20_000)
    # His cards and his moves drawn (a frame between two may be on its way under load).
    expect(page.locator(".my-hand .pcard").first).to_be_visible()
    expect(page.locator(".my-move button").first).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    at_top = _boxes(page)
    # Not scrolled at all: his cards and his moves are on the screen.
    assert at_top["card"]["top"] >= 0 and at_top["card"]["bottom"] <= at_top["height"], at_top
    assert at_top["move"]["top"] >= 0 and at_top["move"]["bottom"] <= at_top["height"], at_top
    # The felt scrolled to the top: whose turn it is reads above them, not under them.
    page.evaluate("window.scrollTo(0, document.querySelector('.felt').getBoundingClientRect().top + scrollY)")
    at_felt = _boxes(page)
    assert at_felt["phase"]["bottom"] <= at_felt["moves"]["top"], at_felt
    assert at_felt["card"]["bottom"] <= at_felt["height"], at_felt
    # Scrolled to the end, the box is back in its place: nothing below it is hidden for good.
    # Both boxes read in one script: a frame redrawing the table between two reads from here left
    # nothing to measure once under load.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    at_end = page.evaluate(
        """() => { const log = document.querySelector('.deal-log');
                   const moves = document.querySelector('.my-move');
                   return {log: log.getBoundingClientRect().top,
                           moves: moves.getBoundingClientRect().bottom}; }"""
    )
    assert at_end["log"] >= at_end["moves"], at_end
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 720}, {"width": 568, "height": 320}])
def test_a_wide_or_turned_screen_keeps_them_in_place(
    daphne_url: str,  # noqa: F811
    browser: Browser,
    viewport: dict,
) -> None:
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera, preset="classic", bots=3)
    page = _login(browser, daphne_url, "vera", viewport=viewport)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    expect(page.locator("#table-live")).to_have_attribute("data-my-turn", "1", timeout=20_000)
    assert _boxes(page)["position"] == "static"
