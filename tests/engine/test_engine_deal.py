"""Section 3 (antes, joining), 4.1 (dealing, unseen hands, look), 4.7 (redeal), error codes."""

from __future__ import annotations

import pytest

from games.engine import (
    PRESETS,
    Action,
    EngineError,
    Looked,
    apply,
    deal_start_events,
    deck,
    legal_actions,
    new_deal,
    outcome,
    to_act,
)
from tests.engine.test_engine_support import act, make_deck, run, start

CLASSIC = PRESETS["classic"]


def test_4_1_dealing_one_card_at_a_time_from_dealers_left_dealer_last() -> None:
    d = deck(36)
    s = new_deal(CLASSIC, stake=5, stacks=[100] * 4, bank=0, dealer=2, deck=d)
    # order 3, 0, 1, 2
    assert s.hands[3] == (d[0], d[4], d[8], d[12])
    assert s.hands[2] == (d[3], d[7], d[11], d[15])
    assert s.trump_card == d[16] == "KH" and s.trump == "H"
    assert s.stock_top == 17 and s.stock_end == 36
    assert to_act(s) == 3


def test_4_1_dealing_skips_seats_that_sit_out() -> None:
    d = deck(36)
    s = new_deal(CLASSIC, stake=5, stacks=[100, 2, 100, 100], bank=0, dealer=0, deck=d)
    assert s.status[1] == "out" and s.hands[1] == ()
    assert s.hands[2] == (d[0], d[3], d[6], d[9])  # order 2, 3, 0
    assert s.setup.dealt == (2, 3, 0)


def test_3_when_bank_empty_everyone_antes_and_b0_is_the_bank() -> None:
    s = start("classic")
    assert s.stacks == (95, 95, 95, 95) and s.bank == 20 and s.b0 == 20
    kinds = [(e.kind, e.src, e.amount) for e in deal_start_events(s) if hasattr(e, "kind")]
    assert kinds == [("ante", f"stack:{k}", 5) for k in (1, 2, 3, 0)]


def test_decision_4_no_ante_while_the_bank_holds_chips() -> None:
    s = start("classic", bank=20)
    assert s.stacks == (100,) * 4 and s.b0 == 20


def test_3_every_deal_antes_into_a_full_bank_zone52() -> None:
    s = start("zone52", bank=7)
    assert s.bank == 27 and s.stacks == (95,) * 4


def test_decision_12_the_stake_is_a_table_setting() -> None:
    s = start("zone52", stake=7)
    assert s.bank == 28


def test_3_player_who_cannot_pay_the_ante_sits_out() -> None:
    s = start("classic", stacks=[100, 4, 100, 100], out=[1])
    assert s.status[1] == "out" and s.stacks[1] == 4 and s.bank == 15


def test_3_no_ante_required_deals_in_an_empty_stack() -> None:
    s = start("classic", stacks=[100, 0, 100, 100], bank=20)
    assert s.status[1] == "" and legal_actions(s, 1) == [Action("pass")]


def test_3_join_when_bank_empty_waiting_seat_sits_out_a_full_bank() -> None:
    s = start("classic", bank=20, waiting=frozenset({2}), out=[2])
    assert s.status[2] == "out"
    s = start("classic", bank=0, waiting=frozenset({2}))
    assert s.status[2] == "" and s.stacks[2] == 95


def test_3_a_deal_needs_two_players_dealt_in() -> None:
    with pytest.raises(EngineError) as e:
        new_deal(CLASSIC, stake=5, stacks=[100, 1, 1, 1], bank=0, dealer=0, deck=deck(36))
    assert e.value.code == "illegal_action"


def test_new_deal_rejects_a_deck_that_is_not_the_presets() -> None:
    with pytest.raises(EngineError) as e:
        new_deal(CLASSIC, stake=5, stacks=[100] * 4, bank=0, dealer=0, deck=deck(52))
    assert e.value.code == "bad_cards"


def test_4_1_unseen_hands_and_look_moryak() -> None:
    s = start("moryak")
    assert s.seen == (False,) * 4
    assert Action("look") in legal_actions(s, 3)  # out of turn
    s2, events = apply(s, 3, Action("look"))
    assert s2.seen[3] and events == (Looked(3),) and to_act(s2) == to_act(s)
    with pytest.raises(EngineError) as e:
        apply(s2, 3, Action("look"))
    assert e.value.code == "illegal_action"


def test_4_1_pass_does_not_look_but_a_declaration_does() -> None:
    s = start("moryak")
    s = act(s, 1, "pass")
    assert not s.seen[1]
    s = act(s, 2, "snore")
    assert s.seen[2]


def test_4_7_redeal_when_every_round_ends_in_passes_bank_stays() -> None:
    s = start("classic", dealer=3)
    for _ in range(3):
        for seat in (0, 1, 2, 3):
            s = act(s, seat, "pass")
    o = outcome(s)
    assert o.result == "redeal" and o.bank == 20 and o.next_dealer == 0
    assert o.statuses == ("pass",) * 4 and o.tricks == (0,) * 4
    assert len(s.turned) == 2  # two old trump cards out of play
    # ante_on_redeal: everyone antes again although the bank is full
    again = new_deal(CLASSIC, stake=5, stacks=o.stacks, bank=o.bank, dealer=o.next_dealer, deck=deck(36),
                     redeal=True)
    assert again.bank == 40


def test_4_7_redeal_when_the_stock_cannot_supply_a_new_trump() -> None:
    from games.engine.state import evolve

    s = start("classic")
    s = evolve(s, {"stock_top": s.stock_end})
    s = run(s, (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert outcome(s).result == "redeal"


def test_error_codes_not_your_turn_unknown_action_bad_cards_deal_over() -> None:
    s = start("classic", hands={1: ["AH", "KH", "AS", "6C"]})
    for seat, action, code in [
        (2, Action("snore"), "not_your_turn"),
        (1, Action("dance"), "unknown_action"),
        (1, Action("help"), "illegal_action"),
    ]:
        with pytest.raises(EngineError) as e:
            apply(s, seat, action)
        assert e.value.code == code and e.value.message
    with pytest.raises(EngineError) as e:
        Action.from_json({"do": "dance"})
    assert e.value.code == "unknown_action"
    with pytest.raises(EngineError) as e:
        Action.from_json({"do": "exchange", "cards": ["ZZ"]})
    assert e.value.code == "bad_cards"
    s = run(s, (1, "snore"), (2, "pass"), (3, "pass"), (0, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert s.phase == "over"  # the snorer alone
    with pytest.raises(EngineError) as e:
        apply(s, 1, Action("pass"))
    assert e.value.code == "deal_over"


def test_bad_cards_when_exchanging_a_card_not_held() -> None:
    s = start("classic", hands={1: ["AH", "KH", "AS", "6C"]})
    s = run(s, (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "pass"), (0, "pass"))
    with pytest.raises(EngineError) as e:
        apply(s, 1, Action("exchange", cards=("QD",)))
    assert e.value.code == "bad_cards"
    with pytest.raises(EngineError) as e:
        apply(s, 1, Action("exchange", cards=("AH", "AH")))
    assert e.value.code == "bad_cards"


def test_apply_never_mutates_the_state() -> None:
    s = start("classic")
    before = s.__dict__.copy()
    apply(s, 1, Action("snore"))
    with pytest.raises(EngineError):
        apply(s, 1, Action("exchange", cards=("AH",)))
    assert s.__dict__ == before


def test_make_deck_with_sat_out_seat() -> None:
    d = make_deck("classic", 4, 0, {2: ["AH"]}, out=[1])
    s = new_deal(CLASSIC, stake=5, stacks=[100, 0, 100, 100], bank=0, dealer=0, deck=d)
    assert s.hands[2][0] == "AH"
