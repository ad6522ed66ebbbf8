"""Review 136: the live table on a phone-sized screen (or a desktop zoomed to 200%), played with
the keyboard. The player's moves stay at the bottom of the screen (a sticky box), and each Tab from
one bid to the next, or a bid's key, scrolled the page a quarter of a screen further down: three
keys and the seats, the trump and the trick were gone, the deal's log and the fairness hashes in
their place. A control of the sticky box is always in sight: reaching it scrolls nothing."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, expect

from games.services.sessions import practice_table_open

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

IN_MOVE_BOX = "() => !!document.activeElement.closest('.my-move')"


@pytest.fixture(autouse=True)
def _no_time_zone() -> None:
    timezone.deactivate()


def test_keys_in_the_phones_move_box_do_not_scroll_the_table_away(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera, preset="classic", bots=3)
    page = _login(browser, daphne_url, "vera", viewport={"width": 320, "height": 640})
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    live = page.locator("#table-live")
    expect(live).to_have_attribute("data-my-turn", "1", timeout=20_000)
    assert page.evaluate("getComputedStyle(document.querySelector('.my-move')).position") == "sticky"
    page.evaluate("window.scrollTo(0, 0)")
    # Tab from the page's top to the first bid. A control on the way (a bot's "Stand the bot up",
    # laid out where the sticky box would cover it, as the deal's log grows) may rightly bring the
    # page down a little first: what is held is that entering the box, and moving in it, does not.
    before = 0
    for _ in range(40):
        before = page.evaluate("scrollY")
        page.keyboard.press("Tab")
        if page.evaluate(IN_MOVE_BOX):
            break
    assert page.evaluate(IN_MOVE_BOX)
    held = page.evaluate("scrollY")
    assert held == before, "the first Tab into the move box scrolled the page"
    page.keyboard.press("Tab")
    if page.evaluate(IN_MOVE_BOX):
        assert page.evaluate("scrollY") == held, "a Tab from a bid to the next scrolled the page"
    seq = live.get_attribute("data-seq")
    page.keyboard.press("KeyP")  # pass, by its key
    expect(live).not_to_have_attribute("data-seq", seq or "", timeout=10_000)
    page.wait_for_timeout(1500)  # the bots' moves after it: each frame puts the focus back
    assert page.evaluate("scrollY") <= held, "the bid's key scrolled the page to its end"
