"""``apply`` never changes the state it is given, whichever road an action takes (the plain pass,
the scratch copy of bidding and exchange, the compact plays, the Student joker)."""

from __future__ import annotations

import random

import pytest

from games.engine import PRESETS, apply, is_over, legal_actions, new_deal, state_to_json, to_act
from games.engine.shuffle import shuffled_deck


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_apply_leaves_its_input_as_it_was(preset: str) -> None:
    rules = PRESETS[preset]
    rng = random.Random(f"pure:{preset}")
    for k in range(20):
        n = rules.min_players + k % (rules.max_players - rules.min_players + 1)
        deck = shuffled_deck(f"pure:{preset}:{k}".encode(), rules.deck_for(n))
        state = new_deal(rules, stake=3, stacks=[300] * n, bank=0, dealer=k % n, deck=deck)
        while not is_over(state):
            seat = to_act(state)
            assert seat is not None
            action = rng.choice(legal_actions(state, seat))
            before = state_to_json(state)
            new, _ = apply(state, seat, action)
            assert new is not state
            assert state_to_json(state) == before
            again, _ = apply(state, seat, action)  # the same answer the second time
            assert state_to_json(again) == state_to_json(new)
            state = new
