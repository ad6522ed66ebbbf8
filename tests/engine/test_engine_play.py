"""4.3 exchange, 4.4 instant win, 4.5 play, 5.9 joker, Decisions 2, 3, 5, 10."""

from __future__ import annotations

import pytest

from games.engine import PRESETS, Action, EngineError, legal_actions, outcome, to_act
from games.engine.state import evolve
from tests.engine.test_engine_support import act, run, start


def plays(state, seat):
    return sorted(a.card for a in legal_actions(state, seat) if a.do == "play")


def to_play(state, hands, leader_seat_trick=()):
    """Jump a state into the play phase with given hands (test shortcut)."""
    return evolve(state, {"hands": tuple(tuple(h) for h in hands)})


def _classic_play(hands, trump="7H"):
    s = start("classic", hands={1: hands[1], 2: hands[2]}, trump=trump)
    s = run(s, (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "pass"), (0, "pass"),
            (1, "exchange", {"cards": []}), (2, "exchange", {"cards": []}))
    assert s.phase == "play" and to_act(s) == 1
    return s


def test_4_3_exchange_order_fives_snorer_helpers_classic() -> None:
    s = run(start("classic"), (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "five"), (0, "pass"))
    assert s.queue == (3, 1, 2) and s.need == "discard"


def test_4_3_exchange_order_snorer_clockwise_zone52() -> None:
    s = run(start("zone52"), (1, "snore"), (2, "pass"), (3, "help"), (0, "pass"), (2, "five"), (0, "pass"))
    assert s.queue == (1, 2, 3) and s.need == "exchange"


def test_decision_5_five_takers_draw_at_the_start_of_the_exchange_phase() -> None:
    s = run(start("classic"), (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "five"))
    assert len(s.hands[3]) == 4 and s.promised == 5  # declared, not drawn yet
    s = act(s, 0, "pass")
    assert len(s.hands[3]) == 5 and s.promised == 0


def test_4_3_five_taker_gives_up_dealt_cards_draws_5_keeps_4_six_keeps_4_of_6() -> None:
    stock = ["6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD", "6C", "7C"]
    s = start("classic", trump="7H", stock=stock)
    s = run(s, (1, "snore"), (2, "pass"), (3, "pass"), (0, "pass"), (2, "five"), (3, "six"), (0, "pass"))
    assert s.hands[2] == tuple(stock[:5]) and s.need_n == 1
    s = act(s, 2, "discard", cards=["6D"])
    assert s.hands[3] == tuple(stock[5:11]) and s.need_n == 2
    s = act(s, 3, "discard", cards=["6C", "7C"])
    assert len(s.hands[2]) == len(s.hands[3]) == 4 and to_act(s) == 1


def test_decision_3_classic_exchanges_0_to_4() -> None:
    assert PRESETS["classic"].exchange_snorer == (0, 4) == PRESETS["classic"].exchange_helper
    s = run(start("classic"), (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "pass"), (0, "pass"))
    sizes = {len(a.cards) for a in legal_actions(s, 1)}
    assert sizes == {0, 1, 2, 3, 4} and len(legal_actions(s, 1)) == 16


def test_4_3_exchange_range_moryak_1_to_3() -> None:
    s = run(start("moryak"), (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "pass"), (0, "pass"))
    assert {len(a.cards) for a in legal_actions(s, 1) if a.do == "exchange"} == {1, 2, 3}
    with pytest.raises(EngineError) as e:
        act(s, 1, "exchange", cards=[])
    assert e.value.code == "illegal_action"


def test_4_3_exchange_draws_from_the_top_and_looks() -> None:
    s = start("moryak", hands={1: ["AS", "KS", "QS", "JS"]}, trump="7H", stock=["6D", "7D"])
    s = run(s, (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "pass"), (0, "pass"))
    s = act(s, 1, "exchange", cards=["QS", "JS"])
    assert s.hands[1] == ("AS", "KS", "6D", "7D")


def test_4_3_draw_choice_top_or_bottom_student() -> None:
    s = start("student", hands={1: ["AS", "KS", "QS", "JS"]}, trump="7H", stock=["6D"])
    s = run(s, (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "pass"), (0, "pass"))
    bottom = s.setup.deck[-1]
    s = act(s, 1, "exchange", cards=["QS", "JS"], from_=["bottom", "top"])
    assert s.hands[1] == ("AS", "KS", bottom, "6D")
    with pytest.raises(EngineError):
        start_c = run(start("classic"), (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "pass"),
                      (0, "pass"))
        act(start_c, 1, "exchange", cards=[start_c.hands[1][0]], from_=["bottom"])


def test_4_3_snorer_cannot_draw_cards_promised_to_a_five_taker_zone52() -> None:
    s = run(start("zone52"), (1, "snore"), (2, "pass"), (3, "pass"), (0, "pass"), (2, "five"))
    s = evolve(s, {"stock_top": s.stock_end - 6})
    s = run(s, (3, "pass"), (0, "pass"))
    assert s.queue == (1, 2) and s.need == "exchange"  # snorer first, the five-taker after him
    assert {len(a.cards) for a in legal_actions(s, 1)} == {0, 1}
    with pytest.raises(EngineError):
        act(s, 1, "exchange", cards=list(s.hands[1][:2]))
    s = act(s, 1, "exchange", cards=[s.hands[1][0]])
    assert len(s.hands[2]) == 5 and s.stock_top == s.stock_end


def test_4_3_when_the_stock_runs_out_the_turn_passes_by_itself() -> None:
    s = run(start("classic"), (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "five"))
    s = evolve(s, {"stock_top": s.stock_end - 5})  # only the five-taker's cards are left
    s = act(s, 0, "pass")
    s = act(s, 3, "discard", cards=[s.hands[3][0]])
    assert s.phase == "play"  # snorer and helper had nothing to draw


def test_decision_2_the_trump_card_is_never_drawn() -> None:
    s = run(start("classic", trump="7H"), (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"),
            (3, "pass"), (0, "pass"))
    s = act(s, 1, "exchange", cards=list(s.hands[1]))
    s = act(s, 2, "exchange", cards=list(s.hands[2]))
    assert all("7H" not in h for h in s.hands) and s.trump_card == "7H"


def test_4_4_instant_win_four_aces_classic_decision_10() -> None:
    s = start("classic", hands={2: ["AS", "AH", "AD", "AC"]}, trump="7H")
    s = run(s, (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "pass"), (0, "pass"),
            (1, "exchange", {"cards": []}), (2, "exchange", {"cards": []}))
    o = outcome(s)
    assert o.result == "instant_win" and o.tricks == (0, 0, 4, 0)
    assert o.payouts[2] == 20 and o.penalties[1] == 40


def test_4_4_four_of_a_kind_higher_rank_wins_moryak() -> None:
    s = start("moryak", hands={1: ["AH", "6H", "8S", "9S"], 2: ["KS", "KH", "KD", "KC"],
                               3: ["QS", "QH", "QD", "QC"]}, trump="7H")
    s = act(s, 1, "helicopter")
    o = outcome(s)
    assert o.result == "instant_win" and o.tricks == (0, 0, 4, 0)


def test_4_5_snorer_alone_takes_every_trick_without_play() -> None:
    s = run(start("classic"), (1, "snore"), (2, "pass"), (3, "pass"), (0, "pass"), (2, "pass"), (3, "pass"),
            (0, "pass"))
    o = outcome(s)
    assert o.result == "played" and o.tricks == (0, 4, 0, 0) and o.payouts == (0, 20, 0, 0)
    assert o.stacks == (95, 115, 95, 95) and o.bank == 0


def test_4_5_first_lead_is_the_first_five_taker_clockwise_from_snorer() -> None:
    s = run(start("classic"), (1, "snore"), (2, "pass"), (3, "help"), (0, "pass"), (2, "pass"), (0, "five"))
    s = act(s, 0, "discard", cards=[s.hands[0][0]])
    s = act(s, 1, "exchange", cards=[])
    s = act(s, 3, "exchange", cards=[])
    assert s.leader == 0 and s.queue == (0, 1, 3)


def test_4_5_first_trick_order_fives_snorer_rest_moryak_vs_clockwise() -> None:
    seq = [(1, "snore"), (2, "pass"), (3, "help"), (0, "pass"), (2, "five"), (0, "five")]
    s = run(start("moryak", stock=[]), *seq)
    s = act(s, 2, "discard", cards=[s.hands[2][0]])
    s = act(s, 0, "discard", cards=[s.hands[0][0]])
    s = act(s, 1, "exchange", cards=[s.hands[1][0]])
    s = act(s, 3, "exchange", cards=[s.hands[3][0]])
    assert s.leader == 2 and s.queue == (2, 0, 1, 3)
    c = run(start("classic"), *seq)
    c = act(c, 2, "discard", cards=[c.hands[2][0]])
    c = act(c, 0, "discard", cards=[c.hands[0][0]])
    c = act(c, 1, "exchange", cards=[])
    c = act(c, 3, "exchange", cards=[])
    assert c.leader == 2 and c.queue == (2, 3, 0, 1)


def test_4_5_must_follow_suit() -> None:
    s = _classic_play({1: ["AS", "KD", "QD", "JD"], 2: ["6S", "KS", "AH", "7C"]})
    s = act(s, 1, "play", card="AS")
    assert plays(s, 2) == ["6S", "KS"]  # no duty to beat: 6S is allowed


def test_4_5_must_trump_when_void() -> None:
    s = _classic_play({1: ["AS", "KD", "QD", "JD"], 2: ["6H", "KH", "AC", "7C"]})
    s = act(s, 1, "play", card="AS")
    assert plays(s, 2) == ["6H", "KH"]
    with pytest.raises(EngineError) as e:
        act(s, 2, "play", card="AC")
    assert e.value.code == "illegal_action" and "trump" in e.value.message


def test_4_5_any_card_when_void_of_suit_and_trumps() -> None:
    s = _classic_play({1: ["AS", "KD", "QD", "JD"], 2: ["6C", "KC", "AC", "7C"]})
    s = act(s, 1, "play", card="AS")
    assert plays(s, 2) == ["6C", "7C", "AC", "KC"]


def test_4_5_trick_goes_to_highest_trump_else_highest_of_led_suit_winner_leads() -> None:
    s = _classic_play({1: ["9S", "KD", "QD", "JD"], 2: ["6H", "KC", "AC", "7C"]})
    s = run(s, (1, "play", {"card": "9S"}), (2, "play", {"card": "6H"}))
    assert s.tricks == (0, 0, 1, 0) and s.queue == (2, 1) and s.leader == 2
    s = run(s, (2, "play", {"card": "KC"}), (1, "play", {"card": "KD"}))
    assert s.tricks == (0, 0, 2, 0)


def _student_play(hands, trump="7H"):
    s = start("student", hands=hands, trump=trump)
    s = run(s, (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "pass"), (0, "pass"),
            (1, "exchange", {"cards": []}), (2, "exchange", {"cards": []}))
    return s


def test_5_9_joker_wins_the_trick_whatever_the_following_rules() -> None:
    s = _student_play({1: ["AD", "KD", "QD", "JD"], 2: ["7S", "6D", "AH", "7C"]})
    s = act(s, 1, "play", card="AD")
    acts = legal_actions(s, 2)
    assert Action("play", card="7S", as_="joker") in acts
    assert Action("play", card="7S", as_="seven") not in acts  # as a seven it must follow
    s = act(s, 2, "play", card="7S", as_="joker")
    assert s.tricks[2] == 1


def test_5_9_joker_led_others_must_trump() -> None:
    s = _student_play({1: ["7S", "QD", "JD", "10D"], 2: ["6S", "6D", "AH", "7C"]})
    s = act(s, 1, "play", card="7S", as_="joker")
    assert plays(s, 2) == ["AH"]
    s = act(s, 2, "play", card="AH")
    assert s.tricks[1] == 1
    s2 = _student_play({1: ["7S", "QD", "JD", "10D"], 2: ["6S", "6D", "AC", "7C"]})
    s2 = act(s2, 1, "play", card="7S", as_="joker")
    assert plays(s2, 2) == ["6D", "6S", "7C", "AC"]  # no trump: any card


def test_5_9_playing_the_seven_of_spades_needs_as() -> None:
    s = _student_play({1: ["7S", "KD", "QD", "JD"], 2: ["6S", "6D", "AH", "7C"]})
    with pytest.raises(EngineError) as e:
        act(s, 1, "play", card="7S")
    assert e.value.code == "illegal_action"
    s = act(s, 1, "play", card="7S", as_="seven")
    assert plays(s, 2) == ["6S"]


def test_4_5_a_deal_has_hand_size_tricks() -> None:
    from tests.engine.test_engine_support import play_out

    s = play_out(_classic_play({1: ["AS", "KD", "QD", "JD"], 2: ["6S", "KS", "AH", "7C"]}))
    assert s.trick_no == 4 and sum(outcome(s).tricks) == 4
