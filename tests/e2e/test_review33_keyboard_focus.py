"""Review 33: a keyboard player at a practice table. Each update replaces the table, and with it the
focused control: after every move the focus fell to the top of the page (a dozen Tabs to reach the
cards again), and someone who had tabbed on to a link below the table was pulled back to a button
he had left when the bots moved."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from games.services.sessions import practice_table_open

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

FOCUS = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return "body";
  const where = e.closest('#table-live') ? 'table:' : 'page:';
  return where + (e.id || e.tagName) + (e.disabled ? ':disabled' : '');
}"""


def _practice(browser: Browser, base: str) -> Page:
    club, (vera,) = _club_with_players(["vera"])
    table = practice_table_open(club=club, user=vera, preset="classic", bots=3)
    page = _login(browser, base, "vera")
    _open_table(page, f"{base}/tables/{table.pk}/")
    return page


def _tab_to_a_move(page: Page) -> str:
    """Tab (only Tab) until a bid or a card to play has the focus: its id."""
    for _ in range(60):
        page.keyboard.press("Tab")
        found = page.evaluate(
            "() => { const e = document.activeElement;"
            " return e.closest('.bids, .my-hand') && e.tagName === 'BUTTON' && !e.disabled"
            " && !e.classList.contains('secondary') ? e.id : ''; }"
        )
        if found:
            return found
    raise AssertionError("Tab never reached a move")


def test_after_a_move_by_keyboard_the_focus_stays_in_the_table_and_comes_to_the_next_move(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    page = _practice(browser, daphne_url)
    live = page.locator("#table-live")
    expect(live).to_have_attribute("data-my-turn", "1", timeout=20_000)
    seq = live.get_attribute("data-seq")
    _tab_to_a_move(page)
    page.keyboard.press("Enter")
    expect(live).not_to_have_attribute("data-seq", seq, timeout=10_000)
    # The pressed control is gone with the old picture: the focus is in the table, not at the top.
    assert page.evaluate(FOCUS).startswith("table:"), page.evaluate(FOCUS)
    # If it is on the table itself, the table is a named group: a screen reader says its name, not
    # every seat and line of it.
    named = page.evaluate(
        "() => { const e = document.activeElement; return e.id !== 'table-live' ||"
        " (e.getAttribute('role') === 'group' && e.getAttribute('aria-label') === 'Table'); }"
    )
    assert named, page.evaluate("document.activeElement.outerHTML.slice(0, 200)")
    # The next time it is his turn (this deal or the next), his first move has the focus: Enter plays.
    seq = live.get_attribute("data-seq")
    expect(live).not_to_have_attribute("data-seq", seq, timeout=20_000)
    expect(live).to_have_attribute("data-my-turn", "1", timeout=30_000)
    where = page.evaluate(FOCUS)
    assert where.startswith("table:") and ":disabled" not in where, where
    assert page.evaluate(
        "() => !!document.activeElement.closest('.bids, .my-hand')"
    ), where
    seq = live.get_attribute("data-seq")
    page.keyboard.press("Enter")
    expect(live).not_to_have_attribute("data-seq", seq, timeout=10_000)


def test_a_reader_who_tabbed_on_past_the_table_is_not_pulled_back(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    page = _practice(browser, daphne_url)
    page.locator("#away-button").focus()
    page.locator(".table-history a").focus()
    page.evaluate(
        "() => { window.__updates = 0;"
        " document.addEventListener('htmx:wsAfterMessage', () => { window.__updates += 1; }); }"
    )
    # Somebody comes to watch: the table is sent again to everyone at it.
    watcher = _login(browser, daphne_url, "olga")
    _open_table(watcher, page.url)
    page.wait_for_function("() => window.__updates > 0")
    assert page.evaluate(FOCUS) == "page:A", page.evaluate(FOCUS)
