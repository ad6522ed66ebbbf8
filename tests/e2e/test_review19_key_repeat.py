"""A key held down a moment: the browser repeats its keydown, and the table's keys acted on each
repeat. The first "P" passed; the repeats that came before the new picture clicked "Pass" again,
and the server refused them as stale, so the player read "The table moved on before your move
arrived; look again and make your move." under a move that had gone through. A repeat is not a
new press: it does nothing."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from games.models import DealAction
from games.services import dealing

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_table_keyboard import _running, _table
from .test_table_play import _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

_SENT = """() => {
  window.khrapSent = 0;
  document.addEventListener("htmx:wsBeforeSend", () => { window.khrapSent += 1; });
}"""


def test_a_held_key_moves_once(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    table, _users = _table(["vera", "gleb", "dasha"])
    deal = _running(table)
    people = {i: s.member.user for i, s in enumerate(dealing.deal_players(deal))}
    first = people[dealing.deal_state(deal).queue[0]]
    page = _login(browser, daphne_url, first.username)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    expect(page.locator("#table-live")).to_have_attribute("data-my-turn", "1")
    page.evaluate(_SENT)
    page.keyboard.down("p")
    page.keyboard.down("p")  # held: the browser repeats the keydown
    page.keyboard.down("p")
    page.keyboard.up("p")
    expect(page.locator("#table-live")).to_have_attribute("data-seq", "1", timeout=10_000)
    page.wait_for_timeout(500)
    assert DealAction.objects.get(deal=deal, seq=1).action == {"do": "pass"}
    assert page.evaluate("() => window.khrapSent") == 1
    expect(page.locator("#table-error")).to_be_hidden()
