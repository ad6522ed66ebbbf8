"""Section 7 presets, parameter overrides, decks (section 2)."""

from __future__ import annotations

import pytest

from games.engine import PRESETS, Action, RulesError, deck, rules_with_overrides
from games.engine.rules import Rules


def test_presets_of_this_issue_exist_with_section_7_values() -> None:
    assert set(PRESETS) >= {"classic", "moryak", "bulgarian36", "zone52", "student"}
    c = PRESETS["classic"]
    assert (c.hand_size, c.snore_tricks, c.trump_rounds, c.five) == (4, 2, 3, ("five", "six"))
    assert (c.cheer, c.mourn, c.helicopter, c.instant_win, c.next_dealer) == (
        "only_trump_ace", True, "ace_six_only", "four_aces", "snorer")
    m = PRESETS["moryak"]
    assert m.deck_for(6) == 36 and m.deck_for(7) == 52 and m.new_trump_suit and m.exchange_snorer == (1, 3)
    b = PRESETS["bulgarian36"]
    assert b.shoot and b.dark == "wrap_swap" and not b.failed_collect
    z = PRESETS["zone52"]
    assert z.deck_for(4) == 52 and z.ante_policy == "every_deal" and z.penalty_to == "winners_now"
    s = PRESETS["student"]
    assert s.joker and s.draw_choice == "top_or_bottom" and (s.min_players, s.max_players) == (3, 4)


def test_rules_with_overrides_and_errors() -> None:
    r = rules_with_overrides("classic", {"exchange_snorer": [1, 3], "deck": 36, "failed_collect": False})
    assert r.exchange_snorer == (1, 3) and not r.failed_collect and r.name == "classic"
    bads = ({"nonsense": 1}, {"penalty_to": "nowhere"}, {"hand_size": "four"}, {"exchange_helper": [3, 1]})
    for bad in bads:
        with pytest.raises(RulesError):
            rules_with_overrides("classic", bad)
    with pytest.raises(RulesError):
        rules_with_overrides("poker", {})
    assert issubclass(RulesError, ValueError)


def test_rules_json_round_trip() -> None:
    for r in PRESETS.values():
        assert Rules.from_json(r.to_json()) == r


def test_2_decks_in_canonical_order() -> None:
    assert deck(36)[:3] == ("6S", "7S", "8S") and deck(36)[-1] == "AC" and len(deck(32)) == 32
    assert deck(52)[0] == "2S" and deck(52)[13] == "2H"


def test_action_json_round_trip() -> None:
    data = {"do": "exchange", "cards": ["10H", "AS"], "from": ["top", "bottom"]}
    a = Action.from_json(data)
    assert a.cards == ("10H", "AS") and a.sources == ("top", "bottom") and a.to_json() == data
    assert Action.from_json({"do": "play", "card": "7S", "as": "joker"}).as_ == "joker"
