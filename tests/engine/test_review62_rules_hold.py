"""What review 62 (a player who knows RULES.md by heart) checked in the engine and found holding:
random legal deals of the Frap family and Zone 52/Student, held to the rule book's own arithmetic."""

from __future__ import annotations

import random

import pytest

from games.engine import PRESETS, apply, is_over, legal_actions, new_deal, outcome, to_act
from games.engine._base import stock_free
from games.engine.shuffle import canonical_deck

SNORER_TYPES = ("snore", "cheer", "helicopter", "dark", "shoot", "blind")


def _deals(preset: str, count: int, choose):
    rules = PRESETS[preset]
    for it in range(count):
        rnd = random.Random(it)
        n = rnd.randint(rules.min_players, min(rules.max_players, 6))
        deck = list(canonical_deck(rules.deck_for(n)))
        rnd.shuffle(deck)
        bank, dealer = rnd.choice([0, 13]), rnd.randrange(n)
        state = new_deal(rules, stake=5, stacks=(1000,) * n, bank=bank, dealer=dealer, deck=tuple(deck))
        seen = []
        while not is_over(state):
            seat = to_act(state)
            action = choose(rnd, state, seat, legal_actions(state, seat))
            before = state
            state, _events = apply(state, seat, action)
            seen.append((before, seat, action, state))
        yield state, seen


def _declare(rnd, state, seat, legal):
    declares = [a for a in legal if a.do in SNORER_TYPES]
    if state.phase == "bid" and declares and rnd.random() < 0.5:
        return rnd.choice(declares)
    return rnd.choice(legal)


@pytest.mark.parametrize("preset", ["frap", "khrap5", "named5"])
def test_6_5_and_6_6_frap_family_penalties_and_payouts(preset: str) -> None:
    rules = PRESETS[preset]
    checked = 0
    for state, seen in _deals(preset, 250, _declare):
        out = outcome(state)
        if out.result != "played":
            continue
        snorer_step = next((b for b, _s, _a, after in seen if b.snorer < 0 <= after.snorer), None)
        b0 = state.b0
        for seat, status in enumerate(out.statuses):
            tricks = out.tricks[seat]
            if status in ("pass", "out"):
                assert out.payouts[seat] == out.penalties[seat] == 0
            elif status == "blind":  # 6.5, Decision 7: 0 tricks 2×, 1 trick 4× (3× under a trump ace)
                ace = snorer_step.trump_card is not None and snorer_step.trump_card.startswith("A")
                expected = 0 if tricks >= 2 else (2 if tricks == 0 else (3 if ace else 4)) * b0
                assert out.penalties[seat] == expected
            elif status == "snore" and preset == "frap":  # 6.5: 0 tricks 2×, 1 trick 1× and collects it
                assert out.penalties[seat] == (0 if tricks >= 2 else (2 if tricks == 0 else 1) * b0)
                assert out.payouts[seat] == b0 * tricks // rules.hand_size
            elif status == "snore":  # 6.5 Khrap-5 / Named-5, and 6.6
                assert out.penalties[seat] == (0 if tricks >= 3 else (2 if tricks == 0 else 1) * b0)
                if tricks >= 3:
                    rest = b0 - sum(p for s, p in enumerate(out.payouts) if s != seat)
                    cap = rest if snorer_step.round == 1 else min(rest, b0 // 2)
                    assert out.payouts[seat] == cap
                else:
                    assert out.payouts[seat] == b0 * tricks // rules.hand_size
            else:  # whist, cut: 1 trick owed, 1× if not made; floor(B0 × t / n)
                assert out.penalties[seat] == (b0 if tricks == 0 else 0)
                assert out.payouts[seat] == b0 * tricks // rules.hand_size
            checked += 1
    assert checked > 100


def test_4_2_a_five_is_offered_only_with_the_stock_it_draws() -> None:
    for preset in ("classic", "frap", "khrap5", "named5", "bulgarian36"):
        rules = PRESETS[preset]
        for _state, seen in _deals(preset, 120, lambda rnd, st, s, legal: rnd.choice(legal)):
            for before, _seat, action, _after in seen:
                if action.do in ("five", "six") and before.phase == "bid":
                    need = rules.five_draw if action.do == "five" else rules.six_draw
                    assert stock_free(before) >= need - (1 if action.take_trump else 0)


@pytest.mark.parametrize("preset", ["zone52", "student"])
def test_5_3_one_interruption_and_the_displaced_snorer_holds_as_a_helper(preset: str) -> None:
    rules = PRESETS[preset]

    def interrupt(rnd, state, seat, legal):
        if state.phase == "bid" and state.step == "H":
            cut_in = [a for a in legal if a.do in ("cheer", "dark")]
            if cut_in:
                return cut_in[0]
        if state.phase == "bid" and state.snorer < 0 and any(a.do == "snore" for a in legal):
            return next(a for a in legal if a.do == "snore")
        return rnd.choice(legal)

    interruptions = 0
    for _state, seen in _deals(preset, 600, interrupt):
        done = False
        for before, seat, action, after in seen:
            if before.phase == "bid" and before.step == "H" and action.do in ("cheer", "dark"):
                assert not done, "a second interruption"
                done = True
                interruptions += 1
                displaced = before.snorer
                assert after.snorer == seat and after.status[displaced] == "help"
                assert after.holds[displaced] == rules.liability_helper * after.b0
    assert interruptions > 10
