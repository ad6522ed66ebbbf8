"""RULES.md 5.5: after dark (Moryak), wrap (Bulgarian 36) or the dealer's wrap (Zone 52, Student) "He
is the snorer and exchanges no further"; the Moryak dark is "in the first round's step S".

The how-to told only how the cards move (review 62): nothing said the player then carries a snorer's
promise and hold, or that he exchanges no more, or that Moryak's dark is gone after the first round.
"""

from __future__ import annotations

import random

import pytest

from games.engine import PRESETS, Action, apply, legal_actions, new_deal, to_act
from games.engine.shuffle import canonical_deck
from games.howto import preset_howto

SNORER = {
    "en": "he then plays as the snorer and exchanges no further.",
    "ru": "он играет как храпящий и больше не меняет карты.",
    "bg": "играе като хъркащ и не сменя повече карти.",
}
FIRST_ROUND = {"en": "Only in the first round", "ru": "Только в первом круге", "bg": "Само в първия кръг"}


def _text(preset: str, language: str) -> str:
    howto = preset_howto(PRESETS[preset], language=language)
    return " ".join(line for section in howto.sections for line in section.lines)


def test_moryak_dark_is_a_snore_of_the_first_round_only() -> None:
    rules = PRESETS["moryak"]
    deck = list(canonical_deck(36))
    random.Random(1).shuffle(deck)
    state = new_deal(rules, stake=5, stacks=(100,) * 3, bank=0, dealer=0, deck=tuple(deck))
    seat = to_act(state)
    assert "dark" in {a.do for a in legal_actions(state, seat)}
    dark, _events = apply(state, seat, Action("dark"))
    assert dark.snorer == seat and dark.holds[seat] == 2 * dark.b0
    # Everybody passes the first round: nobody unseen is offered dark in the second.
    later = state
    while later.round == 1:
        later, _events = apply(later, to_act(later), Action("pass"))
    assert not any(
        "dark" in {a.do for a in legal_actions(later, s)} for s in range(3) if not later.seen[s]
    ) and not all(later.seen)


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
@pytest.mark.parametrize("preset", ["moryak", "bulgarian36", "zone52", "student"])
def test_the_dark_presets_say_he_is_the_snorer(preset: str, language: str) -> None:
    text = _text(preset, language)
    assert SNORER[language].lower() in text.lower(), text
    assert (FIRST_ROUND[language] in text) == (preset == "moryak")


@pytest.mark.parametrize("preset", ["classic", "frap", "khrap5", "named5"])
def test_the_others_do_not(preset: str) -> None:
    assert SNORER["en"] not in _text(preset, "en").lower()
