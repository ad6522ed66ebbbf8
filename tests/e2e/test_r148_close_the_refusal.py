"""Review 148: a refusal at the table stays on screen until the player's next move (review 136 keeps
it in sight at the screen's top), and he could not put it away: on a phone it covered the seats he
wanted to read. It has a close button now, reached with Tab, and Escape closes it too."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, expect

from games.services import table_session_create, table_sit

from . import daphne_server
from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

FRAME = """(text) => document.dispatchEvent(new CustomEvent("htmx:wsBeforeMessage",
    {detail: {message: text}, cancelable: true}))"""


@pytest.fixture(autouse=True)
def _review_port(monkeypatch) -> None:
    # This review's own port (the machine is shared).
    monkeypatch.setattr(daphne_server, "_free_port", lambda: 8648)


def test_the_refusal_closes_with_its_button_and_with_escape(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    club, (vera,) = _club_with_players(["vera"])
    table = table_session_create(
        club=club,
        actor=club.created_by,
        title="Closing",
        preset="classic",
        stake=5,
        seat_count=4,
        min_players=4,
        buy_in_min=100,
        buy_in_max=3000,
        turn_seconds=60,
    )
    table_sit(session_id=table.pk, user=vera, position=0, buy_in=200)
    page = _login(browser, daphne_url, "vera")
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    box = page.locator("#table-error")
    close = page.get_by_role("button", name="Close this message")
    expect(close).to_be_hidden()  # nothing to close yet
    refused = {"error": "seat_taken", "message": "That seat is taken."}
    page.evaluate(FRAME, json.dumps(refused))
    expect(box).to_have_text("That seat is taken.")
    # Reached from the keyboard: Tab from the page's top comes to it.
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.id") == "table-error-close":
            break
    expect(close).to_be_focused()
    page.keyboard.press("Enter")
    expect(box).to_be_hidden()
    expect(close).to_be_hidden()
    # The focus is back at the table, not lost at the page's top.
    assert page.evaluate("() => !!document.activeElement.closest('#table-socket')")

    page.evaluate(FRAME, json.dumps(refused))
    expect(box).to_be_visible()
    page.keyboard.press("Escape")
    expect(box).to_be_hidden()
