"""The Fairness page's verifier holds the hands to the dealer's left, as ``games.engine.verify``
does (review 17): a file whose hands went round out of turn, each consistent with the order the
file itself gave in ``_fair.dealt``, was called fair by both."""

from __future__ import annotations

import copy
import json
import secrets

import pytest
from playwright.sync_api import Browser, expect

from games.engine.fairness import deck_seed
from games.engine.shuffle import commitment, shuffled_deck
from games.engine.verify import VerifyError, verify_scenario

from .daphne_server import daphne_url  # noqa: F401  (a fixture)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _file(dealt: list[int], dealer: object = 0, seats: int = 3, record_dealer: object = None) -> dict:
    seed = secrets.token_bytes(32)
    deck = list(shuffled_deck(deck_seed(seed, []), 36))
    m = len(dealt)
    hands: list = [None] * seats
    for j, seat in enumerate(dealt):
        hands[seat] = deck[j : m * 4 : m]
    fair = {
        "commitment": commitment(seed),
        "seed": seed.hex(),
        "contributions": [],
        "dealt": dealt,
        "hands": hands,
    }
    if record_dealer is not None:
        fair["dealer"] = record_dealer
    data = {"preset": "classic", "rules": {}, "stake": 5, "stacks": [100] * seats, "dealer": dealer}
    if dealer is None:
        data = {"preset": "classic", "rules": {}}
    # A later deal of its table (review 98: a deal that may be a first deal must say its dealer was drawn).
    data["deals"] = [{"deck": deck, "actions": [], "_deal": {"number": 2}, "_fair": fair}]
    return data


FILES = {
    "in turn": (_file([1, 2, 0]), "fair"),
    "against the clock": (_file([2, 1, 0]), "not fair"),
    "from another seat": (_file([2, 0, 1]), "not fair"),
    "record names the dealer": (_file([2, 0, 1], dealer=None, record_dealer=1), "fair"),
    "record names another dealer": (_file([2, 0, 1], dealer=None, record_dealer=2), "not fair"),
    "record and scenario disagree": (_file([2, 0, 1], dealer=1, record_dealer=0), "not fair"),
    "dealer no seat": (_file([1, 2, 0], dealer=7), "malformed"),
    "dealer a word": (_file([1, 2, 0], dealer="0"), "malformed"),
}


def _cli(data: dict) -> str:
    try:
        output, _status = verify_scenario(copy.deepcopy(data))
    except VerifyError:
        return "malformed"
    return "fair" if output["ok"] else "not fair"


def test_the_page_holds_the_hands_to_the_dealers_left(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    page = browser.new_context().new_page()
    page.goto(f"{daphne_url}/fairness/")
    box = page.locator("#verify-result")
    words = {"fair": "Fair:", "not fair": "Not fair", "malformed": "This is not a scenario file"}
    for name, (data, verdict) in FILES.items():
        assert _cli(data) == verdict, name
        page.locator("#verify-input").fill(json.dumps(data))
        page.locator("#verify-button").click()
        expect(box).to_contain_text(words[verdict])
        if verdict == "not fair":
            expect(box).to_contain_text("the hands did not go round from the dealer’s left")
