"""Review 33: a blind player at a practice table heard nothing of the game. The whole table is
replaced at each move, so nothing in it was a live region a screen reader follows: no "your turn",
no move, no trick, no result. A status region outside the table now says the new lines of the deal,
the result, and the player's turn, a few lines at a time, without reading the history out at once."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from games.services.sessions import practice_table_open

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_review33_keyboard_focus import _tab_to_a_move
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

RECORD = """() => {
  window.__said = [];
  const box = document.getElementById('table-announce');
  new MutationObserver(() => window.__said.push(box.textContent))
    .observe(box, {childList: true, characterData: true, subtree: true});
}"""


def test_a_screen_reader_hears_the_turn_the_moves_the_tricks_and_the_result(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera, preset="classic", bots=3)
    page = _login(browser, daphne_url, "vera")
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    box = page.locator("#table-announce")
    expect(box).to_have_attribute("role", "status")
    page.evaluate(RECORD)
    live = page.locator("#table-live")
    # A whole deal by keyboard: Tab to the first move; after that, on his turn the focus is on his
    # first move, and Enter makes it.
    for _ in range(40):
        if live.locator(".settlement").count():
            break
        if live.get_attribute("data-my-turn") == "1":
            seq = live.get_attribute("data-seq")
            if not page.evaluate("() => !!document.activeElement.closest('.bids, .my-hand')"):
                _tab_to_a_move(page)
            page.keyboard.press("Enter")
            expect(live).not_to_have_attribute("data-seq", seq, timeout=10_000)
        else:
            page.wait_for_function(
                "(seq) => document.getElementById('table-live').dataset.seq !== seq"
                " || document.getElementById('table-live').dataset.myTurn === '1'",
                arg=live.get_attribute("data-seq"),
            )
    else:
        raise AssertionError("the deal never ended")
    expect(live.locator(".settlement")).to_be_visible()
    result = live.locator(".settlement h2").inner_text()
    page.wait_for_function("(r) => window.__said.some(s => s.includes(r))", arg=result)
    said = page.evaluate("window.__said")
    assert any("your turn" in s for s in said), said
    # ... with the time he has (the practice table's clock: 30 seconds a move).
    assert all(re.search(r"your turn.*Time left: \d+s\.", s) for s in said if "your turn" in s), said
    assert any("Vera " in s for s in said), said  # his own moves too
    lines = live.locator("#deal-log li").all_inner_texts()
    heard = " ".join(said)
    # The deal (its deck is the tests' fixed one) is played out: the log has its tricks and cards, so
    # these are checked, not skipped as they were when the log had none to say.
    assert any("takes trick" in line for line in lines), lines
    assert "takes trick" in heard, said
    # A card played is said by its name ("Mila plays Queen of hearts."), not as "Q♥".
    assert any(" plays " in line for line in lines), lines
    assert re.search(r" plays (\d+|Ace|King|Queen|Jack) of (spades|hearts|diamonds|clubs)", heard), said
    assert not re.search(r"[♠♥♦♣]", heard), said
    # A few lines at a time, never the whole log at once.
    assert all(s.count(".") <= 8 for s in said), said
