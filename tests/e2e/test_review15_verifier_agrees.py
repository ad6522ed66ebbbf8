"""The Fairness page's verifier and ``python -m games.engine.verify`` give the same verdict on the
same file. They did not: a file whose ``_fair.dealt`` was emptied passed both ("the hands were dealt
from it", without a hand checked), and the page called fair a file the command refuses (rules that
are not an object, contributions that are not strings)."""

from __future__ import annotations

import copy
import json
import secrets

import pytest
from playwright.sync_api import Browser, expect

from games.engine.fairness import deck_seed, first_dealer
from games.engine.shuffle import commitment, shuffled_deck
from games.engine.verify import VerifyError, verify_scenario

from .daphne_server import daphne_url  # noqa: F401  (a fixture)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _good() -> dict:
    seed = secrets.token_bytes(32)
    strings = ["a-string", "another"]
    deck = list(shuffled_deck(deck_seed(seed, strings), 36))
    fair = {
        "commitment": commitment(seed),
        "seed": seed.hex(),
        "contributions": strings,
        "dealt": [1, 0],
        "hands": [deck[1:8:2], deck[0:8:2]],
    }
    # A later deal of its table (review 98: a deal that may be a first deal must say its dealer was drawn).
    return {
        "preset": "classic",
        "rules": {},
        "deals": [{"deck": deck, "_deal": {"number": 2}, "_fair": fair}],
    }


def _variant(change) -> dict:
    data = _good()
    change(data, data["deals"][0]["_fair"])
    return data


def _cli(data: dict) -> str:
    try:
        output, _status = verify_scenario(copy.deepcopy(data))
    except VerifyError:
        return "malformed"
    return "fair" if output["ok"] else "not fair"


def _first_deal(right: bool):
    """A table's first deal ("first": true), its hands dealt in turn from a dealer that is (or is
    not) the one its seed draws."""

    def change(data: dict, fair: dict) -> None:
        deck = data["deals"][0]["deck"]
        drawn = first_dealer(deck_seed(bytes.fromhex(fair["seed"]), fair["contributions"]), 2)
        dealer = drawn if right else 1 - drawn
        left = 1 - dealer
        hands = [None, None]
        hands[left], hands[dealer] = deck[0:8:2], deck[1:8:2]
        fair.update(first=True, dealer=dealer, dealt=[left, dealer], hands=hands)

    return change


FILES = {
    "first deal, its seed's dealer": _first_deal(right=True),
    "first deal, another dealer": _first_deal(right=False),
    "first not a boolean": lambda d, f: f.update(first="yes"),
    "good": lambda d, f: None,
    "no dealt": lambda d, f: f.update(dealt=[], hands=[]),
    "one seat": lambda d, f: f.update(dealt=[1]),
    "a seat twice": lambda d, f: f.update(dealt=[1, 1]),
    "rules a string": lambda d, f: d.update(rules="classic"),
    "numbers for strings": lambda d, f: f.update(contributions=[1, 2]),
    "other seed": lambda d, f: f.update(seed="00" * 32),
}
# Each file's verdict, worked out here: agreement alone would hold were both to call every file
# malformed (the good one included), and nothing fair or unfair would have been checked.
VERDICTS = {
    "good": "fair",
    "other seed": "not fair",
    "first deal, its seed's dealer": "fair",
    "first deal, another dealer": "not fair",
}


def test_the_page_and_the_command_agree(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    page = browser.new_context().new_page()
    page.goto(f"{daphne_url}/fairness/")
    box = page.locator("#verify-result")
    for name, change in FILES.items():
        data = _variant(change)
        verdict = _cli(data)
        page.locator("#verify-input").fill(json.dumps(data))
        page.locator("#verify-button").click()
        expected = {"fair": "Fair:", "not fair": "Not fair", "malformed": "This is not a scenario file"}[
            verdict
        ]
        expect(box).to_contain_text(expected)
        if name == "first deal, another dealer":  # said as the command says it
            expect(box).to_contain_text("the table’s first dealer is not the one its seed draws")
        assert verdict == VERDICTS.get(name, "malformed"), (name, verdict)
