"""The how-to page against RULES.md (review 62, a player who knows the rule book by heart).

Two lines told a player something false:

* "Each trick is worth 1/4 of the bank (rounded down)": RULES.md 6.2 pays a collector
  floor(B0 × tricks / hand_size), rounded once. With a bank of 10, two tricks collect 5; "each trick
  is worth 2" makes it 4.
* "Pass: you are out of this deal": only a final pass does that (4.2). A player who passed in step S
  is asked again in step H and may help (Decision 1), or come back with a five.
"""

from __future__ import annotations

import pytest

from games.engine import PRESETS
from games.engine.replay import run_scenario
from games.howto import preset_howto

EXAMPLE = {
    "preset": "classic", "stake": 5, "stacks": [100, 100], "bank": 0, "dealer": 0,
    # Hands: seat 1 AH KH AS 6C, seat 0 QH KS 10D 7C; trump card 6D (diamonds).
    "deals": [{
        "deck": ["AH", "QH", "KH", "KS", "AS", "10D", "6C", "7C", "6D",
                 "6H", "7H", "8H", "9H", "10H", "JH", "6S", "7S", "8S", "9S", "10S", "JS", "QS",
                 "7D", "8D", "9D", "JD", "QD", "KD", "AD", "8C", "9C", "10C", "JC", "QC", "KC", "AC"],
        "actions": [],
    }],
}


def _lines(preset: str, language: str) -> list[str]:
    return [line for s in preset_howto(PRESETS[preset], language=language).sections for line in s.lines]


def _scenario(actions: list[dict]) -> dict:
    data = {**EXAMPLE, "deals": [{**EXAMPLE["deals"][0], "actions": actions}]}
    output, status = run_scenario(data)
    assert status == 0 and output["error"] is None, output
    return output


def test_6_2_a_collector_is_paid_tricks_times_the_bank_rounded_once() -> None:
    # Seat 1 snores, seat 0 helps; B0 = 10. Seat 1 takes two tricks, seat 0 two.
    out = _scenario([
        {"seat": 1, "do": "snore"}, {"seat": 0, "do": "help"},
        {"seat": 1, "do": "exchange", "cards": []}, {"seat": 0, "do": "exchange", "cards": []},
        {"seat": 1, "do": "play", "card": "AH"}, {"seat": 0, "do": "play", "card": "QH"},
        {"seat": 1, "do": "play", "card": "AS"}, {"seat": 0, "do": "play", "card": "KS"},
        {"seat": 1, "do": "play", "card": "KH"}, {"seat": 0, "do": "play", "card": "10D"},
        {"seat": 0, "do": "play", "card": "7C"}, {"seat": 1, "do": "play", "card": "6C"},
    ])["deals"][0]
    assert out["tricks"] == [2, 2]
    # floor(10 × 2 / 4) = 5, not 2 × floor(10 / 4) = 4.
    assert out["payouts"] == [5, 5]


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_chips_section_does_not_round_each_trick(preset: str, language: str) -> None:
    per_trick = {"en": "Each trick is worth", "ru": "Каждая взятка стоит", "bg": "Всяка ръка струва"}
    text = " ".join(_lines(preset, language))
    assert per_trick[language] not in text
    hand = PRESETS[preset].hand_size
    assert f"÷ {hand}" in text, text


def test_4_2_a_player_who_passed_in_step_s_may_still_help() -> None:
    out = _scenario([
        {"seat": 1, "do": "pass"}, {"seat": 0, "do": "snore"}, {"seat": 1, "do": "help"},
    ])
    assert out["error"] is None and out["deals"] == []


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_pass_line_says_only_a_final_pass_takes_a_player_out(preset: str, language: str) -> None:
    out_now = {
        "en": "Pass: you are out of this deal",
        "ru": "Пас: вы выходите из сдачи",
        "bg": "Пас: излизате от раздаването",
    }
    final = {"en": "a final pass", "ru": "окончательный пас", "bg": "окончателният пас"}
    text = " ".join(_lines(preset, language))
    assert out_now[language] not in text
    assert final[language] in text
