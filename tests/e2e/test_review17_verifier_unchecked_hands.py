"""The Fairness page called fair files whose hands it never checked (review 17), where
``python -m games.engine.verify`` refuses them or finds them unfair: a preset named like one of
JavaScript's own object properties ("constructor": its hand size was a function, so no card was
dealt to compare), a rule change to a hand size below one, and a hand written as one string
("AS KS QS JS" read the same as the four cards once joined with spaces)."""

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


def _file(change=None, contributions=()) -> dict:
    seed = secrets.token_bytes(32)
    deck = list(shuffled_deck(deck_seed(seed, list(contributions)), 36))
    fair = {
        "commitment": commitment(seed),
        "seed": seed.hex(),
        "contributions": list(contributions),
        "dealt": [1, 0],
        "hands": [deck[1:8:2], deck[0:8:2]],
    }
    # A later deal of its table (review 98: a deal that may be a first deal must say its dealer was drawn).
    data = {
        "preset": "classic",
        "rules": {},
        "deals": [{"deck": deck, "_deal": {"number": 2}, "_fair": fair}],
    }
    if change is not None:
        change(data, fair)
    return data


def _joined(data: dict, fair: dict) -> None:
    fair["hands"] = [[" ".join(sorted(hand))] for hand in fair["hands"]]


FILES = {
    "good": (_file(), "fair"),
    "preset constructor": (
        _file(lambda d, f: (d.update(preset="constructor"), f.update(hands=[[], []]))),
        "malformed",
    ),
    "preset toString": (
        _file(lambda d, f: (d.update(preset="toString"), f.update(hands=[[], []]))),
        "malformed",
    ),
    "hand size below one": (
        _file(lambda d, f: (d.update(rules={"hand_size": -1}), f.update(hands=[[], []]))),
        "malformed",
    ),
    "hand size a word": (_file(lambda d, f: d.update(rules={"hand_size": "4"})), "malformed"),
    "a hand as one string": (_file(_joined), "not fair"),
    "a hand not a list": (_file(lambda d, f: f["hands"].__setitem__(0, "AS")), "malformed"),
    "a deck of 40 cards": (
        _file(lambda d, f: d["deals"][0].update(deck=d["deals"][0]["deck"] + ["X"] * 4)),
        "malformed",
    ),
    # The players' strings: 1 to 64 printable characters, as the command holds them (the page
    # took any string, an empty one or one of line breaks and invisible characters included).
    "strings of two players": (_file(contributions=["vera 0123", "Глеб ✓ ключ"]), "fair"),
    "a string of 64 characters": (_file(contributions=["ё" * 64]), "fair"),
    "an empty string": (_file(contributions=[""]), "malformed"),
    "a string of 65 characters": (_file(contributions=["ё" * 65]), "malformed"),
    "a string with a line break": (_file(contributions=["a\nb"]), "malformed"),
    "a string with a zero-width space": (_file(contributions=["a\u200bb"]), "malformed"),
    "a string with a no-break space": (_file(contributions=["a\u00a0b"]), "malformed"),
    "a string of a lone surrogate half": (
        _file(lambda d, f: f.update(contributions=["a\ud800"])),  # no UTF-8 to mix into a seed
        "malformed",
    ),
}


def _cli(data: dict) -> str:
    try:
        output, _status = verify_scenario(copy.deepcopy(data))
    except VerifyError:
        return "malformed"
    return "fair" if output["ok"] else "not fair"


def test_the_page_checks_every_hand_as_the_command_does(daphne_url: str, browser: Browser) -> None:  # noqa: F811
    page = browser.new_context().new_page()
    page.goto(f"{daphne_url}/fairness/")
    box = page.locator("#verify-result")
    words = {"fair": "Fair:", "not fair": "Not fair", "malformed": "This is not a scenario file"}
    for name, (data, verdict) in FILES.items():
        assert _cli(data) == verdict, name
        page.locator("#verify-input").fill(json.dumps(data))
        page.locator("#verify-button").click()
        expect(box, name).to_contain_text(words[verdict])
