"""4.2 bidding and the statuses of section 5 (cheer, mourn, helicopter, dark, shoot, interruptions)."""

from __future__ import annotations

import pytest

from games.engine import Action, EngineError, StatusChanged, apply, legal_actions, outcome, to_act
from games.engine.state import evolve
from tests.engine.test_engine_support import act, run, start


def names(state, seat):
    return [a.do for a in legal_actions(state, seat)]


def test_4_2_step_s_first_declaration_ends_it_and_step_h_starts_after_snorer() -> None:
    s = run(start("classic"), (1, "pass"), (2, "snore"))
    assert s.step == "H" and s.queue == (3, 0, 1)


def test_decision_1_players_who_passed_in_step_s_may_help() -> None:
    s = run(start("classic"), (1, "pass"), (2, "snore"), (3, "pass"), (0, "pass"))
    assert to_act(s) == 1 and "help" in names(s, 1)
    s = act(s, 1, "help")
    assert s.status[1] == "help"


def test_4_2_step_s_help_is_not_offered_before_a_snorer() -> None:
    s = start("classic")
    assert "help" not in names(s, 1)
    with pytest.raises(EngineError) as e:
        apply(s, 1, Action("help"))
    assert e.value.code == "illegal_action"


def test_4_2_all_pass_turns_the_next_stock_card_as_trump() -> None:
    s = start("classic", trump="7H", stock=["9D"])
    s = run(s, (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert s.round == 2 and s.trump_card == "9D" and s.trump == "D" and s.turned == ("7H",)
    assert s.step == "S" and s.queue == (1, 2, 3, 0)


def test_4_2_new_trump_suit_moryak_turns_until_an_unused_suit() -> None:
    s = start("moryak", trump="7H", stock=["8H", "9H", "KS"])
    s = run(s, (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert s.trump_card == "KS" and s.turned == ("7H", "8H", "9H")


def test_4_2_step_h_pass_then_step_f_five() -> None:
    s = run(start("classic"), (1, "snore"), (2, "pass"), (3, "help"), (0, "pass"))
    assert s.step == "F" and s.queue == (2, 0)
    assert names(s, 2) == ["pass", "five", "six"]


def test_4_2_five_needs_unpromised_stock_cards() -> None:
    # 5 players: 20 dealt, trump, 15 in stock. A six (6) and a five (5) leave 4: no more fives.
    s = start("classic", seats=5, stacks=[100] * 5)
    s = run(s, (1, "snore"), (2, "pass"), (3, "pass"), (4, "pass"), (0, "pass"), (2, "six"), (3, "five"))
    assert s.promised == 11
    assert names(s, 4) == ["pass"]
    with pytest.raises(EngineError) as e:
        apply(s, 4, Action("five"))
    assert e.value.code == "illegal_action"


def test_4_2_a_final_pass_takes_the_player_out_and_discards_his_cards() -> None:
    s = run(start("classic"), (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "pass"))
    assert s.status[3] == "pass" and s.hands[3] == () and len(s.discards) == 4


def test_6_3_status_offered_only_if_the_stack_covers_it_cannot_afford() -> None:
    s = start("classic", stacks=[100, 44, 100, 100])  # after ante 39 < 2 × 20
    assert "snore" not in names(s, 1) and names(s, 1) == ["pass"]
    with pytest.raises(EngineError) as e:
        apply(s, 1, Action("snore"))
    assert e.value.code == "cannot_afford"
    s = run(s, (1, "pass"), (2, "snore"))
    assert "help" in names(s, 3)


def test_6_3_declaring_moves_liability_times_b0_into_a_hold() -> None:
    s = start("classic")
    s2, events = apply(s, 1, Action("snore"))
    assert s2.holds[1] == 40 and s2.stacks[1] == 55
    assert [(e.kind, e.src, e.dst, e.amount) for e in events if hasattr(e, "kind")] == [
        ("hold", "stack:1", "hold:1", 40)
    ]


def test_5_1_cheer_only_trump_ace_classic() -> None:
    s = start("classic", hands={1: ["AH", "KS", "QS", "JS"]}, trump="7H", stock=["6D", "7D", "8D", "9D"])
    assert "cheer" in names(s, 1)
    s = act(s, 1, "cheer")
    assert s.hands[1] == ("AH", "6D", "7D", "8D", "9D") and s.need == "discard" and to_act(s) == 1
    assert s.holds[1] == 40
    s = act(s, 1, "discard", cards=["6D"])
    assert s.hands[1] == ("AH", "7D", "8D", "9D") and s.step == "H" and to_act(s) == 2
    s2 = start("classic", hands={1: ["AH", "KH", "QS", "JS"]}, trump="7H")
    assert "cheer" not in names(s2, 1)


def test_5_1_cheer_holds_trump_ace_zone52_and_interrupts_in_step_h() -> None:
    s = start("zone52", hands={1: ["AH", "KH", "QS", "JS"], 2: ["AC"]}, trump="7H")
    assert "cheer" in names(s, 1)
    s = run(s, (1, "snore"))
    assert "cheer" not in names(s, 2)
    s = start("zone52", hands={2: ["AH", "KH", "QS", "JS"]}, trump="7H")
    s = run(s, (1, "snore"))
    assert "cheer" in names(s, 2)


def test_5_3_interruption_displaced_snorer_becomes_helper_hold_shrinks_decision_6() -> None:
    s = start("student", hands={2: ["AH", "KH", "QS", "JS"]}, trump="7H")
    s = run(s, (1, "snore"))
    s, events = apply(s, 2, Action("cheer"))
    assert s.snorer == 2 and s.status[1] == "help" and s.declared[1] == "snore"
    assert s.holds[1] == 20 and s.stacks[1] == 95 - 20
    assert StatusChanged(1, "help") in events
    assert ("release", "hold:1", "stack:1", 20) in [(e.kind, e.src, e.dst, e.amount) for e in events
                                                    if hasattr(e, "kind")]
    assert s.interrupted
    s = act(s, 2, "discard", cards=[s.hands[2][-1]])
    # 5.3: step H goes on in its original order
    assert s.step == "H" and to_act(s) == 3


def test_5_7_only_one_snorer_and_at_most_one_interruption() -> None:
    s = start("student", hands={2: ["AH", "KH", "QS", "JS"]}, trump="7H")
    s = run(s, (1, "snore"), (2, "cheer"))
    s = act(s, 2, "discard", cards=[s.hands[2][-1]])
    assert [seat for seat, st in enumerate(s.status) if st in ("snore", "cheer")] == [2]
    fake = evolve(s, {"hands": (s.hands[0], s.hands[1], s.hands[2], ("AH", "6S", "7S", "8S"))})
    assert "cheer" not in names(fake, 3)  # interrupted already


def test_5_2_mourn_only_trump_is_the_six_classic() -> None:
    s = start("classic", hands={2: ["6H", "KS", "QS", "JS"]}, trump="7H", stock=["6D", "7D", "8D", "9D"])
    s = act(s, 1, "snore")
    assert "mourn" in names(s, 2)
    s = act(s, 2, "mourn")
    assert s.hands[2] == ("6H", "6D", "7D", "8D", "9D") and s.holds[2] == 20
    s = act(s, 2, "discard", cards=["9D"])
    assert to_act(s) == 3 and s.status[2] == "mourn"


@pytest.mark.parametrize(
    ("preset", "hand", "trump", "ok"),
    [
        ("classic", ["AH", "6H", "KS", "QS"], "7H", True),
        ("classic", ["AH", "6H", "8H", "QS"], "7H", False),
        ("moryak", ["AH", "7H", "KS", "QS"], "6H", True),
        ("moryak", ["AH", "7H", "KS", "QS"], "8H", False),
        ("moryak", ["AH", "6H", "KS", "QS"], "8H", True),
        ("zone52", ["AH", "6H", "8H", "QS"], "7H", True),
        ("zone52", ["AH", "7H", "8H", "QS"], "6H", False),
        ("bulgarian36", ["6H", "9H", "KS", "QS"], "7H", True),
        ("bulgarian36", ["6H", "KS", "QS", "JS"], "7H", False),
    ],
)
def test_5_4_helicopter_eligibility_four_rules(preset, hand, trump, ok) -> None:
    s = start(preset, hands={1: hand}, trump=trump)
    assert ("helicopter" in names(s, 1)) is ok


def test_5_4_helicopter_forced_helpers_no_exchange_helicopter_leads_decision_11() -> None:
    s = start("classic", hands={1: ["AH", "6H", "KS", "QS"]}, trump="7H", stacks=[100, 100, 100, 12])
    s, events = apply(s, 1, Action("helicopter"))
    assert s.status == ("help", "helicopter", "help", "help")
    assert s.holds == (20, 40, 20, 7)  # seat 3 had 7 after the ante: capped
    assert s.phase == "play" and to_act(s) == 1
    assert StatusChanged(3, "help") in events


def test_5_5_dark_take_trump_moryak() -> None:
    s = start("moryak", hands={1: ["AS", "KS", "QS", "JS"]}, trump="7H")
    assert "dark" in names(s, 1)
    s = act(s, 1, "dark")
    assert s.hands[1] == ("AS", "KS", "QS", "JS", "7H") and s.trump_card is None and s.trump == "H"
    assert s.seen[1] and s.need == "discard"
    s = act(s, 1, "discard", cards=["JS"])
    assert s.status[1] == "dark" and s.step == "H"


def test_5_5_dark_needs_unseen_cards_and_take_trump_only_in_round_one() -> None:
    s = act(start("moryak"), 1, "look")
    assert "dark" not in names(s, 1)
    s = run(start("moryak"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert "dark" not in names(s, 1)


def test_5_5_wrap_swap_bulgarian36_gives_a_card_by_position_for_the_trump_card() -> None:
    s = start("bulgarian36", hands={1: ["AS", "KS", "QS", "JS"]}, trump="7H")
    assert Action("wrap_swap", position=2) in legal_actions(s, 1)
    s = act(s, 1, "wrap_swap", position=2)
    assert s.hands[1] == ("AS", "KS", "7H", "JS") and s.status[1] == "dark" and "QS" in s.discards
    assert s.step == "H" and s.seen[1]
    with pytest.raises(EngineError):
        act(start("bulgarian36"), 1, "wrap_swap", position=9)


def test_5_5_dealer_wrap_zone52_hidden_hand_wrap_offered_first() -> None:
    s = start("zone52", hands={0: ["2S", "3S", "4S", "5S"]}, trump="AH", stock=["2D", "3D", "4D", "5D"])
    assert s.seen == (False, True, True, True)
    s = run(s, (1, "pass"), (2, "pass"), (3, "pass"))
    acts = legal_actions(s, 0)
    assert acts[0] == Action("dark") and acts[1] == Action("look")
    s = act(s, 0, "dark")
    assert s.hands[0] == ("AH", "2D", "3D", "4D", "5D") and s.trump_card is None
    s = act(s, 0, "discard", cards=["2D"])
    assert s.status[0] == "dark" and s.snorer == 0 and s.step == "H"


def test_5_5_dealer_wrap_look_declines_it_zone52() -> None:
    s = start("zone52", trump="AH")
    s = act(s, 0, "look")
    s = run(s, (1, "pass"), (2, "pass"), (3, "pass"))
    assert "dark" not in names(s, 0)


def test_5_5_dealer_wrap_interrupts_in_step_h() -> None:
    s = start("zone52", trump="AH")
    s = run(s, (1, "snore"), (2, "help"), (3, "pass"))
    assert legal_actions(s, 0)[0] == Action("dark")
    s = act(s, 0, "dark")
    s = act(s, 0, "discard", cards=[s.hands[0][1]])
    assert s.snorer == 0 and s.status[1] == "help" and s.holds[1] == 20
    assert s.step == "F" and s.queue == (3,)


def test_5_5_student_dealer_wrap_needs_no_unseen_cards() -> None:
    s = start("student", trump="AH")
    assert s.seen == (True,) * 4
    s = run(s, (1, "pass"), (2, "pass"), (3, "pass"))
    assert "dark" in names(s, 0)
    assert "dark" not in names(start("student", trump="KH"), 1)


def test_5_x_shoot_bulgarian36_exchange_3_draw_4_discard_1_before_the_fives() -> None:
    s = start("bulgarian36", hands={1: ["AS", "KS", "QS", "JS"]}, trump="7H",
              stock=["6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD"])
    s = run(s, (1, "shoot"), (2, "help"), (3, "pass"), (0, "pass"), (3, "five"), (0, "pass"))
    assert s.phase == "exchange" and to_act(s) == 1 and s.need == "shoot"
    with pytest.raises(EngineError):
        act(s, 1, "exchange", cards=["KS"])
    s = act(s, 1, "exchange", cards=["KS", "QS", "JS"])
    assert s.hands[1] == ("AS", "6D", "7D", "8D", "9D")
    s = act(s, 1, "discard", cards=["6D"])
    assert to_act(s) == 3 and s.hands[3] == ("10D", "JD", "QD", "KD", "AD")


def test_5_8_everyone_with_a_status_plays_every_trick() -> None:
    s = run(start("classic"), (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "five"), (0, "pass"))
    from tests.engine.test_engine_support import play_out

    s = play_out(s)
    o = outcome(s)
    assert sum(o.tricks) == 4
    assert [len(p) for p in s.played] == [0, 4, 4, 4]
