"""The Frap preset (RULES.md 5.5 blind frap, 5.6 cut, 6.5 penalties, section 7 "frap" column,
Decisions 2, 7, 8) and the Frap source (seed 001, "Фрап (Храп)")."""

from __future__ import annotations

import pytest

from games.engine import PRESETS, Action, EngineError, TookTrumpCard, apply, legal_actions, outcome, to_act
from games.engine.settle import settle_chips
from tests.engine.test_engine_support import act, play_out, run, start

FRAP = PRESETS["frap"]


def names(state, seat):
    return [a.do for a in legal_actions(state, seat)]


def test_7_frap_deck_by_player_count_32_36_52() -> None:
    assert [FRAP.deck_for(n) for n in (2, 4, 5, 6, 7, 12)] == [32, 32, 36, 36, 52, 52]
    assert (FRAP.min_players, FRAP.max_players, FRAP.hand_size, FRAP.snore_tricks) == (2, 12, 4, 2)
    s = start("frap", seats=12, stacks=[100] * 12)
    assert len(s.setup.deck) == 52 and s.stock_end - s.stock_top == 52 - 48 - 1
    assert outcome(play_out(s)).result in ("played", "redeal")


def test_4_1_frap_hands_are_dealt_face_down_for_blind_frap() -> None:
    s = start("frap")
    assert not any(s.seen)
    assert names(s, 2) == ["look"]  # out of turn: only look
    s = act(s, 2, "look")
    assert s.seen[2] and not s.seen[1]


def test_5_6_whist_is_not_allowed_before_a_frap() -> None:
    s = start("frap")
    assert names(s, 1) == ["look", "pass", "snore", "blind"]
    with pytest.raises(EngineError) as e:
        apply(s, 1, Action("help"))
    assert e.value.code == "illegal_action"


def test_decision_1_frap_passers_in_step_s_may_whist() -> None:
    s = run(start("frap"), (1, "pass"), (2, "snore"))
    assert s.step == "H" and s.queue == (3, 0, 1)
    s = run(s, (3, "pass"), (0, "pass"), (1, "help"))  # seat 1 passed in step S
    assert s.status[1] == "help"


def test_5_5_blind_frap_needs_unseen_cards_holds_four_banks_and_does_not_exchange() -> None:
    s = start("frap")  # B0 = 20
    s = act(s, 1, "look")
    assert "blind" not in names(s, 1)
    s = act(s, 1, "pass")
    assert "blind" in names(s, 2)
    s = act(s, 2, "blind")
    assert s.status[2] == "blind" and s.holds[2] == 80 and s.seen[2]  # a declaration looks
    s = run(s, (3, "help"), (0, "pass"), (1, "pass"))
    # 4.3: blind frap makes no swap; only the whister buys.
    assert s.phase == "exchange" and s.queue == (3,)


def test_5_5_blind_frap_is_not_offered_in_step_h() -> None:
    s = run(start("frap"), (1, "snore"))
    assert "blind" not in names(s, 2)


def test_5_5_blind_frap_needs_a_stack_of_four_banks() -> None:
    s = start("frap", stacks=[100, 84, 100, 100])  # B0 20: blind holds 80, seat 1 keeps 79 after ante
    assert "blind" not in names(s, 1) and "snore" in names(s, 1)
    with pytest.raises(EngineError) as e:
        apply(s, 1, Action("blind"))
    assert e.value.code == "cannot_afford"


def test_7_frap_all_pass_rounds_ante_again_then_redeal_antes_a_fourth_time() -> None:
    s = start("frap", trump="7H", stock=["8D", "9S"])
    assert s.bank == 20
    s = run(s, (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert s.round == 2 and s.trump == "D" and s.bank == s.b0 == 40 and s.stacks == (90,) * 4
    s = run(s, (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert s.round == 3 and s.trump == "S" and s.bank == 60
    s = run(s, (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))
    out = outcome(s)
    assert out.result == "redeal" and out.bank == 60 and out.next_dealer == 1
    again = start("frap", dealer=1, stacks=list(out.stacks), bank=out.bank, redeal=True)
    assert again.bank == 80  # "первоначальный кон увеличивается в 4 раза"


def test_7_frap_round_ante_a_player_who_cannot_pay_leaves_the_deal() -> None:
    s = start("frap", stacks=[100, 100, 100, 7])
    s = run(s, (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert s.status[3] == "out" and s.hands[3] == () and s.queue == (1, 2, 0) and s.bank == 35


def test_4_2_step_f_frap_pass_in_step_h_is_not_final_the_cut_comes_after_the_exchange() -> None:
    s = run(start("frap"), (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"))
    assert s.phase == "exchange" and s.queue == (1, 2)
    assert s.status[3] == "" and len(s.hands[3]) == 4
    s = run(s, (1, "exchange", {"cards": []}))
    s = act(s, 2, "exchange", cards=[s.hands[2][0]])
    assert s.phase == "bid" and s.step == "F" and s.queue == (3, 0)


def test_5_6_cut_with_the_trump_card_draws_four_more_and_the_cutters_draw_in_order() -> None:
    hands = {1: ["AH", "KH", "QH", "JH"], 2: ["AS", "KS", "QS", "JS"], 3: ["7C", "8C", "9C", "10C"],
             0: ["7D", "8D", "9D", "10D"]}
    stock = ["AD", "KD", "QD", "JD", "AC", "KC", "QC", "JC", "9H"]
    s = start("frap", hands=hands, trump="10H", stock=stock)
    s = run(s, (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"),
            (1, "exchange", {"cards": []}), (2, "exchange", {"cards": ["JS"]}))
    assert s.hands[2] == ("AS", "KS", "QS", "AD")
    legal = legal_actions(s, 3)
    assert Action("five") in legal and Action("five", take_trump=True) in legal
    s = act(s, 3, "five", take_trump=True)
    assert s.hands[3] == ("7C", "8C", "9C", "10C")  # nobody draws before everyone answered
    # The trump card is promised to seat 3: seat 0 may cut, but only from the stock.
    assert Action("five", take_trump=True) not in legal_actions(s, 0)
    with pytest.raises(EngineError):
        apply(s, 0, Action("five", take_trump=True))
    s, events = apply(s, 0, Action("five"))
    assert TookTrumpCard(3, "10H") in events and s.trump_card is None
    assert s.hands[3] == ("10H", "KD", "QD", "JD", "AC") and s.need == "discard" and s.need_n == 1
    s = act(s, 3, "discard", cards=["JD"])
    assert s.hands[0][:4] == ("KC", "QC", "JC", "9H") and len(s.hands[0]) == 5
    s = act(s, 0, "discard", cards=[s.hands[0][4]])
    # Frap: the cutter leads (the first cutter clockwise from the frapper).
    assert s.phase == "play" and to_act(s) == 3 and s.status[3] == "five" and s.holds[3] == 20


def test_5_6_cut_needs_five_free_cards_or_four_and_the_trump_card() -> None:
    # 6 players, 36 cards: 24 dealt, the trump card, 11 in the stock.
    s = start("frap", seats=6, stacks=[100] * 6)
    s = run(s, (1, "snore"), (2, "help"), (3, "pass"), (4, "pass"), (5, "pass"), (0, "pass"))
    s = act(s, 1, "exchange", cards=list(s.hands[1]))
    s = act(s, 2, "exchange", cards=list(s.hands[2][:3]))
    assert s.stock_end - s.stock_top == 4 and s.step == "F"
    assert [a for a in legal_actions(s, 3) if a.do == "five"] == [Action("five", take_trump=True)]
    with pytest.raises(EngineError):
        apply(s, 3, Action("five"))
    s = act(s, 3, "five", take_trump=True)
    assert [a.do for a in legal_actions(s, 4) if a.do != "look"] == ["pass"]


def test_take_trump_is_only_for_a_cut() -> None:
    s = start("frap")
    with pytest.raises(EngineError) as e:
        apply(s, 1, Action("snore", take_trump=True))
    assert e.value.code == "illegal_action"


def test_4_5_frap_without_a_cut_the_frapper_leads() -> None:
    s = run(start("frap"), (1, "pass"), (2, "snore"), (3, "help"), (0, "pass"), (1, "pass"),
            (2, "exchange", {"cards": []}), (3, "exchange", {"cards": []}), (0, "pass"), (1, "pass"))
    assert s.phase == "play" and to_act(s) == 2 and s.status == ("pass", "pass", "snore", "help")


def test_4_5_frapper_alone_still_buys_then_takes_every_trick_if_nobody_cuts() -> None:
    s = run(start("frap"), (1, "snore"), (2, "pass"), (3, "pass"), (0, "pass"),
            (1, "exchange", {"cards": []}), (2, "pass"), (3, "pass"), (0, "pass"))
    out = outcome(s)
    assert out.tricks == (0, 4, 0, 0) and out.payouts == (0, 20, 0, 0) and out.bank == 0


@pytest.mark.parametrize(
    ("status", "tricks", "ace", "payout", "penalty"),
    [
        ("snore", 0, False, 0, 40),  # 6.5: frapper with 0 tricks pays 2
        ("snore", 1, False, 5, 20),  # 6.5 / Decision 8: 1 trick pays 1 and still collects it
        ("snore", 2, False, 10, 0),
        ("blind", 0, False, 0, 40),  # blind frap 0 tricks: 2
        ("blind", 1, False, 5, 80),  # Decision 7: 1 trick pays 4 (and collects, failed_collect)
        ("blind", 1, True, 5, 60),  # under a trump ace: 3
        ("blind", 0, True, 0, 40),
        ("blind", 3, True, 15, 0),
        ("help", 0, False, 0, 20),  # whist with 0: 1
        ("five", 0, False, 0, 20),  # cut with 0: 1
    ],
)
def test_6_5_frap_penalty_table(status: str, tricks: int, ace: bool, payout: int, penalty: int) -> None:
    hold = 80 if status == "blind" else 40 if status == "snore" else 20
    other = "help" if status == "snore" or status == "blind" else "snore"
    holds = (hold, 40 if other == "snore" else 20)
    stacks, _bank, pays, pens, _ = settle_chips(
        FRAP, 20, 20, (0, 0), holds, (status, other), (tricks, 4 - tricks), trump_ace=ace
    )
    assert pays[0] == payout and pens[0] == penalty
    assert stacks[0] == payout + hold - penalty


def test_decision_7_blind_frap_under_a_trump_ace_pays_three_banks_in_a_played_deal() -> None:
    hands = {1: ["AD", "10C", "9C", "8C"], 2: ["KH", "QH", "JH", "7D"]}
    s = start("frap", hands=hands, trump="AH")
    s = run(s, (1, "blind"), (2, "help"), (3, "pass"), (0, "pass"), (2, "exchange", {"cards": []}),
            (3, "pass"), (0, "pass"),
            (1, "play", {"card": "AD"}), (2, "play", {"card": "7D"}),
            (1, "play", {"card": "10C"}), (2, "play", {"card": "KH"}),
            (2, "play", {"card": "QH"}), (1, "play", {"card": "9C"}),
            (2, "play", {"card": "JH"}), (1, "play", {"card": "8C"}))
    out = outcome(s)
    assert out.tricks == (0, 1, 3, 0)
    assert out.payouts == (0, 5, 15, 0) and out.penalties == (0, 60, 0, 0) and out.bank == 60


def test_6_7_frap_deal_rotates_clockwise() -> None:
    s = run(start("frap", dealer=3), (0, "snore"), (1, "pass"), (2, "pass"), (3, "pass"),
            (0, "exchange", {"cards": []}), (1, "pass"), (2, "pass"), (3, "pass"))
    assert outcome(s).next_dealer == 0  # not the snorer's seat rule: the next seat clockwise
