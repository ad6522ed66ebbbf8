"""Review 81: the turn clock as a player meets it in a real browser, when his computer's clock is
wrong or changes under the page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from games.models import TableSession
from games.services import practice_table_open

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_review43_offline import _my_turn
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

#: The computer's clock, which the test may set right or wrong at any moment (``window.__dateOffset``
#: milliseconds): the page's ``Date`` follows it, as it follows the system's clock.
SETTABLE_DATE = """(() => {
  const Real = Date;
  window.__dateOffset = 0;
  class Settable extends Real {
    constructor(...args) { if (args.length) super(...args); else super(Real.now() + window.__dateOffset); }
    static now() { return Real.now() + window.__dateOffset; }
  }
  window.Date = Settable;
})();"""


def _seconds_shown(page: Page) -> int:
    text = page.locator("#table-live .seat.me .clock .clock-text").text_content() or ""
    return int(re.match(r"\d+", text).group())


def _clock_shown_again(page: Page) -> None:
    """Blanks the clock's text and waits for the page to draw it again (its next tick)."""
    text = page.locator("#table-live .seat.me .clock .clock-text")
    text.evaluate("e => { e.textContent = ''; }")
    expect(text).to_have_text(re.compile(r"^\d"), timeout=5_000)


@pytest.mark.parametrize("step_ms", [-300_000, -3_600_000])
def test_a_computer_clock_set_back_mid_turn_does_not_give_time_the_table_does_not(
    daphne_url: str,  # noqa: F811
    browser: Browser,
    step_ms: int,
) -> None:
    """The page counted the turn down on the computer's clock (``Date``): set back in the middle of a
    turn (the system fixing its time from the network, a laptop's clock put right after a trip), it
    showed the player five minutes, or an hour, more than the 60 seconds the table gives him, and the
    clock moved for him while his page still read "360s". The time left is now counted on the page's
    steady clock too, and the page shows the lesser of the two: never more than the table gives."""
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera)
    TableSession.objects.filter(pk=table.pk).update(turn_seconds=60)
    page = _login(browser, daphne_url, "vera")
    page.add_init_script(SETTABLE_DATE)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    _my_turn(page)
    _clock_shown_again(page)
    assert _seconds_shown(page) <= 60

    page.evaluate(f"() => {{ window.__dateOffset = {step_ms}; }}")  # the computer's clock is set back
    _clock_shown_again(page)
    assert _seconds_shown(page) <= 60, page.locator("#table-live .seat.me .clock").inner_text()
    page.context.close()


#: Keeps what the table's announcer says from now on (``window.__said``).
KEEP_SAID = """() => {
  const box = document.getElementById("table-announce");
  window.__said = [];
  new MutationObserver(() => window.__said.push(box.textContent))
    .observe(box, {childList: true, characterData: true, subtree: true});
}"""


def _said_at_last(page: Page, words: str) -> None:
    """Waits for the announcer to have said ``words`` (its text is soon replaced by the next news)."""
    for _ in range(50):
        if any(words in said for said in page.evaluate("window.__said")):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"never said: {words!r}; said: {page.evaluate('window.__said')!r}")


AWAY = "You are away: your moves are made for you (pass, stand pat, the lowest card)."


def test_a_player_whose_time_ran_out_is_told_he_is_away_and_not_given_a_second_to_move(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    """A screen reader user whose time ran out heard "The clock moves for Vera: Vera passes." and
    nothing of being marked away (the seat's badge and the "I'm back" button are drawn, not said);
    each turn of his after that was announced as his to play: "your turn · Time left: 1s.", the
    second in which the clock made the move for him again. He is now told he is away, and how his
    moves are made, and an away player's turn no longer tells him a time to move in."""
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera)
    TableSession.objects.filter(pk=table.pk).update(turn_seconds=5)
    page = _login(browser, daphne_url, "vera")
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    _my_turn(page)
    page.evaluate(KEEP_SAID)
    # Her five seconds run out: the clock passes for her and marks her away.
    expect(page.locator("#back-button")).to_be_visible(timeout=20_000)
    _said_at_last(page, AWAY)
    # Her next turns (if this deal gives her one) are the clock's: no time to move in is said.
    log = page.locator("#deal-log")
    moved_for = re.compile(r"(The clock moves for Vera:[\s\S]*){2}|collects|Everybody passed")
    expect(log).to_contain_text(moved_for, timeout=30_000)
    said = page.evaluate("window.__said")
    assert sum(AWAY in s for s in said) == 1, said
    assert not any("Time left" in s for s in said), said
    page.context.close()


def test_a_connection_back_on_the_player_s_turn_says_the_time_he_has_left(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    """His turn was said with its time when it began ("Time left: 60s."); the connection lost on it,
    and back, a screen reader said "Connected to the table again." and nothing of the turn that was
    still his, nor of the time the clock had run down meanwhile. He now hears both again."""
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera)
    TableSession.objects.filter(pk=table.pk).update(turn_seconds=60)
    page = _login(browser, daphne_url, "vera")
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    _my_turn(page)
    page.evaluate(KEEP_SAID)
    banner = page.locator("#table-banner")
    page.context.set_offline(True)
    expect(banner).to_be_visible(timeout=3_000)
    page.context.set_offline(False)
    expect(banner).to_be_hidden(timeout=10_000)
    _said_at_last(page, "Connected to the table again.")
    back = next(s for s in page.evaluate("window.__said") if "Connected to the table again." in s)
    assert re.search(r"your turn Time left: (\d+s|1 min)\.$", back), back
    page.context.close()


def test_i_m_back_is_said(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    """Marked away, a screen reader user pressed "I'm back" (the B key) and heard nothing of it: the
    button went, and nothing said that his moves were his own again (or that the press had worked at
    all). It is now said."""
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera)
    TableSession.objects.filter(pk=table.pk).update(turn_seconds=5)
    page = _login(browser, daphne_url, "vera")
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    _my_turn(page)
    back = page.locator("#back-button")
    expect(back).to_be_visible(timeout=20_000)  # her five seconds ran out: she is marked away
    page.evaluate(KEEP_SAID)
    page.keyboard.press("b")
    expect(page.locator("#away-button")).to_be_visible(timeout=10_000)
    _said_at_last(page, "You are back: you make your own moves again.")
    said = page.evaluate("window.__said")
    assert not any(AWAY in s for s in said), said
    page.context.close()
