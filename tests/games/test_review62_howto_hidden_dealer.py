"""RULES.md 5.5, Zone 52: "if the first trump card is an ace, the dealer's hand stays face down to him
until his first turn, where wrap is offered first; `look` or any other bid declines it".

The how-to said nothing of it (review 62): a Zone 52 dealer found his cards face down and a "Look at
my cards" button that, pressed before his turn, gave his wrap up without a word. The table's rules
now say it, where the engine plays it (``dealer_wrap_hidden``), and nowhere else.
"""

from __future__ import annotations

import random

import pytest

from games.engine import PRESETS, Action, apply, legal_actions, new_deal, to_act
from games.engine.rules import rules_with_overrides
from games.engine.shuffle import canonical_deck
from games.howto import preset_howto

SAID = {
    "en": "the dealer's cards stay face down to him until his first turn",
    "ru": "сдающий не видит своих карт до своего",
    "bg": "картите на раздаващия остават обърнати",
}


def _text(rules, language: str) -> str:
    return " ".join(line for s in preset_howto(rules, language=language).sections for line in s.lines)


def test_the_engine_hides_the_dealers_cards_and_an_early_look_gives_the_wrap_up() -> None:
    rules = PRESETS["zone52"]
    rnd = random.Random(0)
    while True:
        deck = list(canonical_deck(52))
        rnd.shuffle(deck)
        if deck[12].startswith("A"):  # three hands of four, then the trump card: an ace
            break
    state = new_deal(rules, stake=5, stacks=(100,) * 3, bank=0, dealer=0, deck=tuple(deck))
    assert state.setup.hidden_dealer and not state.seen[0]
    looked, _events = apply(state, 0, Action("look"))  # out of turn, before his first
    while to_act(looked) != 0:
        looked, _events = apply(looked, to_act(looked), Action("pass"))
    assert "dark" not in {a.do for a in legal_actions(looked, 0)}


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_the_zone52_rules_say_it(language: str) -> None:
    assert SAID[language] in _text(PRESETS["zone52"], language)


@pytest.mark.parametrize("preset", sorted(set(PRESETS) - {"zone52"}))
def test_the_other_rules_do_not(preset: str) -> None:
    assert SAID["en"] not in _text(PRESETS[preset], "en")


def test_a_zone52_table_without_the_hidden_hand_does_not() -> None:
    assert SAID["en"] not in _text(rules_with_overrides("zone52", {"dealer_wrap_hidden": False}), "en")
