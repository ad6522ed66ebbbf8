"""Khrap-5, "Храп из Фрапа" (seed 001): five-card hands, a 3-trick snore, two bidding rounds with
antes, the cut after the exchange drawing 6 and keeping 5, the snorer's payout by round
(RULES.md 5.6, 6.5, 6.6, section 7 "khrap5" column, Decision 9)."""

from __future__ import annotations

import pytest

from games.engine import PRESETS, Action, EngineError, apply, legal_actions, outcome, to_act
from games.engine.settle import obligation, settle_chips
from tests.engine.test_engine_support import act, play_out, run, start

K5 = PRESETS["khrap5"]


def names(state, seat):
    return [a.do for a in legal_actions(state, seat)]


def test_7_khrap5_five_cards_a_three_trick_snore_two_rounds() -> None:
    assert (K5.hand_size, K5.snore_tricks, K5.trump_rounds, K5.max_players) == (5, 3, 2, 6)
    assert [K5.deck_for(n) for n in (2, 4, 5, 6)] == [32, 32, 36, 36]
    assert obligation(K5, "snore") == 3 and obligation(K5, "help") == 1 and obligation(K5, "five") == 1
    s = start("khrap5")
    assert all(len(h) == 5 for h in s.hands) and s.trump_card is not None and all(s.seen)
    assert s.stock_end - s.stock_top == 32 - 20 - 1


def test_5_6_khrap5_whist_only_after_a_snore() -> None:
    s = start("khrap5")
    assert names(s, 1) == ["pass", "snore"]


def test_7_khrap5_antes_each_round_then_redeals_after_round_2() -> None:
    s = start("khrap5", trump="7H", stock=["9D"])
    s = run(s, (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert s.round == 2 and s.trump == "D" and s.b0 == 40
    s = run(s, (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))
    out = outcome(s)
    assert out.result == "redeal" and out.bank == 40 and out.trump == "D" and out.next_dealer == 1


def test_4_2_step_f_khrap5_cut_after_the_exchange_draws_six_keeps_five() -> None:
    s = run(start("khrap5"), (1, "snore"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert s.phase == "exchange" and s.queue == (1,)
    s = act(s, 1, "exchange", cards=list(s.hands[1][:4]))  # buying: up to four cards
    assert s.step == "F" and s.queue == (2, 3, 0)
    # No taking of the trump card in Khrap-5.
    assert [a for a in legal_actions(s, 2) if a.do == "five"] == [Action("five")]
    with pytest.raises(EngineError):
        apply(s, 2, Action("five", take_trump=True))
    s = run(s, (2, "five"), (3, "pass"), (0, "pass"))
    assert len(s.hands[2]) == 6 and s.need == "discard" and s.need_n == 1
    s = act(s, 2, "discard", cards=[s.hands[2][0]])
    assert len(s.hands[2]) == 5 and s.phase == "play" and to_act(s) == 2  # the cutter leads


def test_4_3_khrap5_buying_is_at_most_four_cards() -> None:
    s = run(start("khrap5"), (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"))
    sizes = {len(a.cards) for a in legal_actions(s, 1) if a.do == "exchange"}
    assert sizes == {0, 1, 2, 3, 4}
    with pytest.raises(EngineError):
        apply(s, 1, Action("exchange", cards=s.hands[1]))


@pytest.mark.parametrize(
    ("round_no", "tricks", "payouts", "penalties", "bank"),
    [
        # 6.6 round 1, B0 20: whist 1 trick and cut 1 trick get 20*1//5 = 4 each; snorer the rest, 12.
        (1, (3, 1, 1), (12, 4, 4), (0, 0, 0), 0),
        # 6.6 round 2: the snorer gets min(rest 12, 20 // 2 = 10) = 10; 2 chips stay.
        (2, (3, 1, 1), (10, 4, 4), (0, 0, 0), 2),
        # Snorer takes all 5 in round 1: whole bank; the others pay 1 each.
        (1, (5, 0, 0), (20, 0, 0), (0, 20, 20), 40),
        # 6.5: snorer with 2 tricks pays 1 and collects them (20*2//5 = 8).
        (1, (2, 2, 1), (8, 8, 4), (20, 0, 0), 20),
        # 6.5: snorer with 1 trick pays 1, collects 4.
        (1, (1, 3, 1), (4, 12, 4), (20, 0, 0), 20),
        # 6.5: snorer with 0 tricks pays 2.
        (2, (0, 4, 1), (0, 16, 4), (40, 0, 0), 40),
    ],
)
def test_6_6_khrap5_snorer_payout_by_round_and_whist_fifths(
    round_no: int, tricks: tuple[int, ...], payouts: tuple[int, ...], penalties: tuple[int, ...], bank: int
) -> None:
    stacks, new_bank, pays, pens, _ = settle_chips(
        K5, 20, 20, (0, 0, 0), (40, 20, 20), ("snore", "help", "five"), tricks, round_no=round_no
    )
    assert pays == payouts and pens == penalties and new_bank == bank
    assert sum(stacks) + new_bank == 20 + 80  # chips conserved


def test_6_6_khrap5_round_2_snorer_in_a_played_deal_gets_at_most_half_the_bank() -> None:
    # Round 1 (trump card 7C) all pass; round 2 trump hearts, everyone antes: B0 40.
    hands = {1: ["AH", "KH", "QH", "JH", "10H"]}
    s = start("khrap5", hands=hands, trump="7C", stock=["7H"])
    s = run(s, (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert s.b0 == 40 and s.trump == "H"
    s = run(s, (1, "snore"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "exchange", {"cards": []}),
            (2, "pass"), (3, "pass"), (0, "pass"))
    out = outcome(s)
    # The snorer alone takes all five tricks: min(40, 40 // 2) = 20; 20 stay in the bank.
    assert out.tricks == (0, 5, 0, 0) and out.payouts == (0, 20, 0, 0) and out.bank == 20


def test_khrap5_every_player_count_plays_a_deal() -> None:
    for n in range(K5.min_players, K5.max_players + 1):
        assert outcome(play_out(start("khrap5", seats=n, stacks=[100] * n))).result in ("played", "redeal")
