"""Review findings: each test names the rule it checks; each failed before the matching engine fix."""

from __future__ import annotations

import pytest

from games.engine import is_over, observe, to_act
from games.engine.rules import RulesError, rules_with_overrides

from .test_engine_support import play_out, run, start


def test_7_overrides_five_draw_below_hand_size_are_refused() -> None:
    # A five-taker who keeps fewer than hand_size cards would run out of cards mid-deal: the
    # engine would wait for a play nobody can make.
    with pytest.raises(RulesError):
        rules_with_overrides("classic", {"hand_size": 6})  # five draws 5, six draws 6
    with pytest.raises(RulesError):
        rules_with_overrides("classic", {"six_draw": 3})
    with pytest.raises(RulesError):
        rules_with_overrides("frap", {"five_draw": 0})
    # Without six in the preset, six_draw is not used.
    assert rules_with_overrides("moryak", {"six_draw": 1}).six_draw == 1


def test_5_shoot_override_needs_three_cards_to_give_up() -> None:
    # Shoot gives up exactly 3 cards (table of section 5): a 2-card hand would wait forever.
    with pytest.raises(RulesError):
        rules_with_overrides("bulgarian36", {"hand_size": 2, "snore_tricks": 1})
    assert rules_with_overrides("classic", {"hand_size": 2, "snore_tricks": 1}).hand_size == 2


def test_7_overrides_deck_steps_need_whole_player_counts() -> None:
    for bad in ([["a", 36]], [[None, 36]], [[True, 36]], [[1.5, 36]]):
        with pytest.raises(RulesError):
            rules_with_overrides("classic", {"deck": bad})


def test_4_5_a_lone_snorer_does_not_show_his_uncontested_hand() -> None:
    # Classic: seat 1 snores, nobody helps or takes five: he takes every trick without play.
    s = run(start("classic"), (1, "snore"), (2, "pass"), (3, "pass"), (0, "pass"),
            (2, "pass"), (3, "pass"), (0, "pass"))
    assert is_over(s) and s.outcome.tricks[1] == 4
    for seat in (None, 0, 2, 3):
        assert observe(s, seat)["hands"][1] is None
    assert observe(s, 1)["hand"] == list(s.hands[1])  # his own cards, of course


def test_4_4_instant_win_shows_the_winners_hand_not_the_others() -> None:
    s = start("classic", hands={1: ["6S", "7S", "8S", "9S"], 2: ["AS", "AH", "AD", "AC"]}, trump="6H")
    s = run(s, (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "pass"), (0, "pass"),
            (1, "exchange", {"cards": []}), (2, "exchange", {"cards": []}))
    assert s.outcome.result == "instant_win"
    hands = observe(s, 0)["hands"]
    assert sorted(hands[2]) == sorted(["AS", "AH", "AD", "AC"]) and hands[1] is None


def test_observe_after_a_played_deal_still_shows_every_played_hand() -> None:
    s = play_out(run(start("classic"), (1, "snore"), (2, "help")))
    hands = observe(s, None)["hands"]
    assert len(hands[1]) == 4 and len(hands[2]) == 4
    assert to_act(s) is None
