"""A player's own random string, shown back on the Fairness page.

Each seated browser adds a random string to the next deal's seed (RULES.md 8), so that the server
alone cannot choose the deck. But the browser forgot the string once sent, and no page showed it
to the player: the strings in a deal's file could have been anything, and nobody could tell his own
was mixed in. The browser now keeps its strings, and the Fairness page says whether the one it
added is among the deal's strings."""

from __future__ import annotations

import json
import secrets
import time

import pytest
from playwright.sync_api import Browser, expect

from games.engine.fairness import deck_seed
from games.engine.shuffle import commitment, shuffled_deck
from games.models import SeedContribution, TableSession
from games.services import table_session_create

from .daphne_server import daphne_url  # noqa: F401  (a fixture)
from .test_table_play import _club_with_players, _login, _open_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _scenario(seed: bytes, strings: list[str]) -> str:
    deck = list(shuffled_deck(deck_seed(seed, strings), 36))
    hands = [deck[0:8:2], deck[1:8:2]]
    fair = {"commitment": commitment(seed), "seed": seed.hex(), "contributions": strings, "dealt": [0, 1]}
    return json.dumps(
        {
            "preset": "classic",
            "deals": [{"deck": deck, "_deal": {"number": 2}, "_fair": {**fair, "hands": hands}}],
        }
    )


def _waiting_table(club, title: str = "Waiting table", buy_in_min: int = 100, buy_in_max: int = 300):
    """A table of three that waits for its third player: the seated browsers' strings are for its
    next deal, which does not start while they are checked."""
    return table_session_create(
        club=club,
        actor=club.created_by,
        title=title,
        preset="classic",
        stake=5,
        seat_count=3,
        min_players=3,
        buy_in_min=buy_in_min,
        buy_in_max=buy_in_max,
        turn_seconds=60,
    )


def _string_sent(table) -> SeedContribution:
    """The string a seated browser sent for the table's next deal (it sends it by itself)."""
    for _ in range(100):
        sent = SeedContribution.objects.filter(seat__session=table).first()
        if sent is not None:
            return sent
        time.sleep(0.1)
    raise AssertionError("the browser added no string")


_OWN_STRINGS_JS = """() => {
  const own = {};
  for (let i = 0; i < localStorage.length; i++) {
    const parts = localStorage.key(i).split(":");
    if (parts.length !== 3 || parts[0] !== "khrap-own-string") continue;
    (own[parts[1]] = own[parts[1]] || []).push(parts[2]);
  }
  return own;
}"""


def _own_strings(page) -> dict[str, list[str]]:
    """The strings the browser kept (table.js), by commitment."""
    return page.evaluate(_OWN_STRINGS_JS)


def test_the_browser_keeps_its_string_and_the_fairness_page_finds_it(
    daphne_url: str,  # noqa: F811
    browser: Browser,
) -> None:
    club, users = _club_with_players(["vera", "gleb"])
    table = _waiting_table(club)
    page = _login(browser, daphne_url, users[0].username)
    _open_table(page, f"{daphne_url}/tables/{table.pk}/")
    page.locator("#seat-1 input[name=buy_in]").fill("200")
    page.locator("#sit-1").click()
    sent = _string_sent(table)
    promised = TableSession.objects.get(pk=table.pk).next_commitment
    assert _own_strings(page).get(promised) == [sent.value] and sent.value == sent.value.strip()

    # The Fairness page, in the same browser: a deal whose strings hold this browser's, then not.
    seed = secrets.token_bytes(32)
    page.evaluate(
        "([c, v]) => localStorage.setItem('khrap-own-strings', JSON.stringify({[c]: v}))",
        [commitment(seed), "mine-0123"],
    )
    page.goto(f"{daphne_url}/fairness/")
    box = page.locator("#verify-result")
    page.locator("#verify-input").fill(_scenario(seed, ["theirs-1", "mine-0123"]))
    page.locator("#verify-button").click()
    expect(box).to_contain_text("Fair:")
    expect(box).to_contain_text("is among the strings")
    page.locator("#verify-input").fill(_scenario(seed, ["theirs-1", "replaced"]))
    page.locator("#verify-button").click()
    expect(box).to_contain_text("is not among the strings")
    expect(box).to_have_class("notice error")
