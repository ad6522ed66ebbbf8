"""Review 55: an error frame that says the request is already done ("done": true: an "Away" sent
again from a second tab, say) is shown as news, not in red; a refusal is still red."""

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
    # This review's own ports (the machine is shared).
    monkeypatch.setattr(daphne_server, "_free_port", lambda: 8551)


def test_a_done_frame_is_news_and_a_refusal_is_red(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    club, (vera,) = _club_with_players(["vera"])
    table = table_session_create(
        club=club,
        actor=club.created_by,
        title="Done",
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
    done = {"error": "already_away", "message": "You are already marked away.", "done": True}
    page.evaluate(FRAME, json.dumps(done))
    expect(box).to_have_text("You are already marked away.")
    expect(box).not_to_have_class("notice error")
    expect(box).to_have_attribute("role", "status")
    refused = {"error": "seat_taken", "message": "That seat is taken."}
    page.evaluate(FRAME, json.dumps(refused))
    expect(box).to_have_text("That seat is taken.")
    expect(box).to_have_class("notice error")
    expect(box).to_have_attribute("role", "alert")
