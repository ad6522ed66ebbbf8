"""Named-5 (seed 000, last rule set): five cards, no trump card, the snorer names the trump after
the buying; cut in step F drawing 6 and keeping 5; buying at most two cards (RULES.md 4.2, 4.3,
5.6, 6.5, 6.6, section 7 "named5" column)."""

from __future__ import annotations

import pytest

from games.engine import (
    PRESETS,
    Action,
    EngineError,
    RulesError,
    TrumpNamed,
    apply,
    legal_actions,
    observe,
    outcome,
    rules_with_overrides,
    to_act,
)
from tests.engine.test_engine_support import act, play_out, run, start

N5 = PRESETS["named5"]


def test_7_named5_no_trump_card_is_turned() -> None:
    assert (N5.trump_source, N5.hand_size, N5.snore_tricks, N5.max_players, N5.deck_for(5)) == (
        "named", 5, 3, 5, 36)
    s = start("named5", seats=5, stacks=[100] * 5)
    assert s.trump_card is None and s.trump == "" and s.stock_end - s.stock_top == 36 - 25
    view = observe(s, 1)
    assert view["trump"] is None and view["trump_card"] is None


def test_4_2_named5_all_pass_asks_step_s_again_with_antes_then_redeals() -> None:
    s = start("named5")
    top = s.stock_top
    s = run(s, (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert s.round == 2 and s.stock_top == top and s.turned == () and s.b0 == 40
    s = run(s, (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))
    out = outcome(s)
    assert out.result == "redeal" and out.trump is None and out.bank == 40


def test_7_named5_cut_in_step_f_draws_six_keeps_five_at_its_exchange_turn() -> None:
    s = run(start("named5"), (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"))
    assert s.step == "F" and s.queue == (3, 0)
    s = run(s, (3, "five"), (0, "pass"))
    # snorer_clockwise: the snorer buys first, then 2 (help), then 3 (cut) draws 6 and drops 1.
    assert s.phase == "exchange" and s.queue == (1, 2, 3)
    s = act(s, 1, "exchange", cards=list(s.hands[1][:2]))
    s = act(s, 2, "exchange", cards=[])
    assert to_act(s) == 3 and len(s.hands[3]) == 6 and s.need_n == 1
    s = act(s, 3, "discard", cards=[s.hands[3][0]])
    assert s.need == "name_trump" and to_act(s) == 1


def test_4_3_named5_buying_is_at_most_two_cards() -> None:
    s = run(start("named5"), (1, "snore"), (2, "pass"), (3, "pass"), (0, "pass"), (2, "pass"),
            (3, "pass"), (0, "pass"))
    assert s.status == ("pass", "snore", "pass", "pass")
    # The snorer is alone: no exchange, no naming; he takes every trick (4.5).
    out = outcome(s)
    assert out.tricks == (0, 5, 0, 0) and out.payouts == (0, 20, 0, 0) and out.trump is None
    s = run(start("named5"), (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "pass"), (0, "pass"))
    sizes = {len(a.cards) for a in legal_actions(s, 1) if a.do == "exchange"}
    assert sizes == {0, 1, 2}
    with pytest.raises(EngineError):
        apply(s, 1, Action("exchange", cards=s.hands[1][:3]))


def test_4_3_named5_snorer_names_the_trump_after_the_exchange_and_it_rules_the_play() -> None:
    hands = {1: ["AS", "KS", "QS", "7D", "8D"], 2: ["AH", "6C", "7C", "8C", "9C"]}
    s = start("named5", hands=hands)
    s = run(s, (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "pass"), (0, "pass"),
            (1, "exchange", {"cards": []}), (2, "exchange", {"cards": []}))
    assert [a.suit for a in legal_actions(s, 1)] == ["S", "H", "D", "C"]
    assert [a.do for a in legal_actions(s, 2)] == []
    with pytest.raises(EngineError):
        apply(s, 1, Action("play", card="AS"))
    s, events = apply(s, 1, Action("name_trump", suit="D"))
    assert TrumpNamed(1, "D") in events and s.trump == "D" and s.phase == "play" and to_act(s) == 1
    # Diamonds are trump: seat 1 leads 7D; seat 2 has no diamond (no trump) and plays AH; 7D wins.
    s = run(s, (1, "play", {"card": "7D"}), (2, "play", {"card": "AH"}))
    assert s.tricks[1] == 1


def test_named5_trump_naming_needs_a_suit() -> None:
    s = run(start("named5"), (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "pass"), (0, "pass"),
            (1, "exchange", {"cards": []}), (2, "exchange", {"cards": []}))
    with pytest.raises(EngineError):
        apply(s, 1, Action("name_trump"))


def test_7_named5_a_named_trump_excludes_trump_card_statuses() -> None:
    for bad in ({"helicopter": "ace_six_only"}, {"cheer": "holds_trump_ace"}, {"dark": "blind"},
                {"mourn": True}, {"instant_win": "four_aces"}):
        with pytest.raises(RulesError):
            rules_with_overrides("named5", bad)


def test_named5_every_player_count_plays_a_deal() -> None:
    for n in range(N5.min_players, N5.max_players + 1):
        assert outcome(play_out(start("named5", seats=n, stacks=[100] * n))).result in ("played", "redeal")
