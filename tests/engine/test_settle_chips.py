"""Section 6: payouts (6.1, 6.2), holds (6.3), penalties (6.4), next dealer (6.7), chip movements (6.8)."""

from __future__ import annotations

import random

from games.engine import PRESETS, ChipsMoved, abandon, apply, deck, legal_actions, new_deal, outcome, to_act
from games.engine.settle import settle_chips
from tests.engine.test_engine_support import run, start

CLASSIC = PRESETS["classic"]


def test_6_1_and_6_2_payout_is_floor_and_remainders_stay_in_the_bank() -> None:
    # B0 = 15: a trick is worth 3.75
    stacks, bank, pays, pens, _ = settle_chips(
        CLASSIC, 15, 15, (90, 90, 90), (30, 15, 0), ("snore", "help", "pass"), (3, 1, 0)
    )
    assert pays == (11, 3, 0) and pens == (0, 0, 0) and bank == 1
    assert stacks == (90 + 11 + 30, 90 + 3 + 15, 90)


def test_6_2_failed_collect_on_classic_off_bulgarian36() -> None:
    args = (20, 20, (80, 80), (40, 20), ("snore", "help"), (1, 3))
    _, bank, pays, pens, _ = settle_chips(CLASSIC, *args)
    assert pays == (5, 15) and pens == (40, 0) and bank == 20 - 20 + 40
    _, bank, pays, pens, _ = settle_chips(PRESETS["bulgarian36"], *args)
    assert pays == (0, 15) and pens == (40, 0) and bank == 45


def test_6_3_penalty_comes_out_of_the_hold_rest_returns() -> None:
    stacks, _, _, pens, moves = settle_chips(CLASSIC, 20, 20, (0, 0), (40, 20), ("snore", "help"), (1, 3))
    assert pens[0] == 40 and stacks == (5, 35)
    assert ChipsMoved("penalty", "hold:0", "bank", 40) in moves
    assert ChipsMoved("release", "hold:1", "stack:1", 20) in moves


def test_6_4_penalties_next_bank() -> None:
    s = start("classic", hands={1: ["6S", "7S", "8S", "9S"], 2: ["AH", "KH", "QH", "JH"]}, trump="7H")
    s = run(s, (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "pass"), (0, "pass"),
            (1, "exchange", {"cards": []}), (2, "exchange", {"cards": []}))
    while s.phase != "over":
        seat = to_act(s)
        s, _ = apply(s, seat, legal_actions(s, seat)[0])
    o = outcome(s)
    assert o.tricks == (0, 0, 4, 0) and o.payouts == (0, 0, 20, 0) and o.penalties == (0, 40, 0, 0)
    assert o.bank == 40  # B0 − payouts + penalties, played for in the next deal


def test_6_4_penalty_to_winners_now_zone52() -> None:
    rules = PRESETS["zone52"]
    stacks, bank, pays, pens, _ = settle_chips(
        rules, 20, 20, (80, 80, 80), (40, 20, 20), ("snore", "help", "help"), (3, 1, 0)
    )
    # payouts 15 + 5 (+0), penalty 20 from seat 2, bank 20 shared 3:1 → 15, 5
    assert pens == (0, 0, 20) and pays == (15 + 15, 5 + 5, 0) and bank == 0
    assert sum(stacks) + bank == 240 + 20 + 80


def test_6_4_winners_now_remainder_stays() -> None:
    rules = PRESETS["zone52"]
    _, bank, pays, _, _ = settle_chips(rules, 15, 15, (0, 0, 0), (30, 15, 15), ("snore", "help", "help"),
                                       (2, 1, 1))
    # 15/4 per trick floored: 7, 3, 3 leave 2; the whole bank is shared 2:1:1 → 1, 0, 0; 1 stays
    assert pays == (8, 3, 3) and bank == 1


def test_6_7_next_dealer_snorer_classic_clockwise_zone52() -> None:
    s = run(start("classic", dealer=0), (1, "pass"), (2, "snore"), (3, "pass"), (0, "pass"), (1, "pass"),
            (3, "pass"), (0, "pass"), (1, "pass"))
    assert outcome(s).next_dealer == 2
    z = run(start("zone52", dealer=0), (1, "pass"), (2, "snore"), (3, "pass"), (0, "pass"), (1, "pass"),
            (3, "pass"), (0, "pass"), (1, "pass"))
    assert outcome(z).next_dealer == 1


def test_6_8_every_chip_movement_is_an_event_and_chips_are_conserved() -> None:
    rng = random.Random(7)
    for preset in ("classic", "moryak", "bulgarian36", "zone52", "student"):
        rules = PRESETS[preset]
        for i in range(60):
            d = list(deck(rules.deck_for(4)))
            rng.shuffle(d)
            stacks = [rng.choice([3, 30, 100, 400]) for _ in range(2)] + [60, 200]
            bank = rng.choice([0, 0, 12])
            s = new_deal(rules, stake=5, stacks=stacks, bank=bank, dealer=i % 4, deck=d)
            total = sum(stacks) + bank
            ledger = {f"stack:{k}": v for k, v in enumerate(stacks)} | {"bank": bank}
            ledger |= {f"hold:{k}": 0 for k in range(4)}
            from games.engine import deal_start_events

            events = list(deal_start_events(s))
            while s.phase != "over":
                seat = to_act(s)
                s, evs = apply(s, seat, rng.choice(legal_actions(s, seat)))
                events += evs
                assert sum(s.stacks) + sum(s.holds) + s.bank == total
            for e in events:
                if isinstance(e, ChipsMoved):
                    assert e.amount > 0
                    ledger[e.src] -= e.amount
                    ledger[e.dst] += e.amount
            assert [ledger[f"stack:{k}"] for k in range(4)] == list(outcome(s).stacks)
            assert ledger["bank"] == outcome(s).bank and all(ledger[f"hold:{k}"] == 0 for k in range(4))


def test_abandon_returns_holds_antes_stay() -> None:
    s = run(start("classic"), (1, "snore"), (2, "help"))
    stacks, bank, events = abandon(s)
    assert stacks == (95, 95, 95, 95) and bank == 20
    assert {(e.kind, e.amount) for e in events} == {("release", 40), ("release", 20)}
