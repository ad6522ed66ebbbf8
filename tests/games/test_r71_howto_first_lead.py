"""Review 71: the how-to never said who leads the first trick.

RULES.md 4.5: the first leader is the first five-taker (six-takers and cutters count) clockwise from
the snorer, else the snorer. A player reading any preset's rules learnt who exchanges first and who
plays first in the first trick of Moryak and Zone 52, but in the other six presets nothing about
who leads: the engine decides it all the same."""

from __future__ import annotations

import pytest

from games.engine import PRESETS
from games.engine.replay import run_scenario
from games.engine.rules import rules_with_overrides
from games.howto import preset_howto

from .test_review62_howto_rules import EXAMPLE

FIRST_LEAD = {
    "en": "leads the first trick",
    "ru": "первую взятку начинает",
    "bg": "започва първата ръка",
}


def _play_lines(rules, language: str) -> list[str]:
    howto = preset_howto(rules, language=language)
    return list(howto.sections[4].lines)  # "Play"


def _first_play(seat: int) -> dict:
    # Seat 1 snores, seat 0 does not help and comes back with a five (draws 6H..10H, discards 10H).
    hand = {0: "6H", 1: "AH"}
    data = {**EXAMPLE, "deals": [{**EXAMPLE["deals"][0], "actions": [
        {"seat": 1, "do": "snore"}, {"seat": 0, "do": "pass"}, {"seat": 0, "do": "five"},
        {"seat": 0, "do": "discard", "cards": ["10H"]}, {"seat": 1, "do": "exchange", "cards": []},
        {"seat": seat, "do": "play", "card": hand[seat]},
    ]}]}
    output, _status = run_scenario(data)
    return output


def test_the_engine_lets_the_five_taker_lead_not_the_snorer() -> None:
    assert _first_play(0)["error"] is None
    assert _first_play(1)["error"] is not None


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_play_section_says_who_leads_the_first_trick(preset: str, language: str) -> None:
    lines = _play_lines(PRESETS[preset], language)
    said = [line for line in lines if FIRST_LEAD[language] in line.lower()]
    assert len(said) == 1, lines
    words = {"en": ("five", "cut"), "ru": ("пяток", "подрезк"), "bg": ("пет", "изрязване")}[language]
    assert any(word in said[0].lower() for word in words), said  # the five (cut) leads, by its name
    if "six" in PRESETS[preset].five:
        assert {"en": "six", "ru": "шесток", "bg": "шест"}[language] in said[0].lower(), said


def test_a_table_without_fives_says_the_snorer_leads() -> None:
    rules = rules_with_overrides("classic", {"five": []})
    said = [line for line in _play_lines(rules, "en") if FIRST_LEAD["en"] in line.lower()]
    assert said == ["The snorer leads the first trick."]
