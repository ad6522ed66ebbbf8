"""Compact play states (games/engine/tricks.py) are indistinguishable from full states.

Every play of many bot deals is applied twice: to the compact state ``apply`` returned, and to a
full twin of it rebuilt from JSON (which takes the full-state road through ``play.py``). States,
events and legal actions must agree, and the compact state must not change while being read.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from games.engine import (
    PRESETS,
    Action,
    EngineError,
    apply,
    is_over,
    legal_actions,
    new_deal,
    observe,
    state_to_json,
    to_act,
)
from games.engine.actions import card_action
from games.engine.shuffle import shuffled_deck
from games.engine.state import PLAY_CORE, State, evolve, fields_of
from tests.engine.json_twin import json_twin


def _deals(preset: str, count: int) -> list[State]:
    """The start states of ``count`` deals of ``preset`` with varied seat counts."""
    rules = PRESETS[preset]
    out = []
    for k in range(count):
        n = rules.min_players + k % (rules.max_players - rules.min_players + 1)
        deck = shuffled_deck(f"compact:{preset}:{k}".encode(), rules.deck_for(n))
        out.append(new_deal(rules, stake=2, stacks=[500] * n, bank=0, dealer=k % n, deck=deck))
    return out


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_compact_and_full_play_states_agree(preset: str) -> None:
    rng = random.Random(preset)
    compact_seen = 0
    for state in _deals(preset, 25):
        while not is_over(state):
            seat = to_act(state)
            assert seat is not None
            acts = legal_actions(state, seat)
            action = rng.choice(acts)
            if state.phase == "play" and PLAY_CORE in state.__dict__:
                compact_seen += 1
                twin = json_twin(state)
                assert PLAY_CORE not in twin.__dict__
                assert legal_actions(twin, seat) == acts
                for other in range(state.setup.seats):
                    assert legal_actions(twin, other) == legal_actions(state, other)
                before = state_to_json(state)
                new, events = apply(state, seat, action)
                new_twin, twin_events = apply(twin, seat, action)
                assert new == new_twin and events == twin_events
                assert state_to_json(new) == state_to_json(new_twin)
                assert state_to_json(state) == before  # applying changed nothing
                # A refused card is refused the same way on both roads.
                wrong = Action("play", card=rng.choice(state.setup.deck))
                if wrong not in acts:
                    with pytest.raises(EngineError) as compact_err:
                        apply(state, seat, wrong)
                    with pytest.raises(EngineError) as full_err:
                        apply(twin, seat, wrong)
                    assert compact_err.value.to_json() == full_err.value.to_json()
                state = new
            else:
                state, _ = apply(state, seat, action)
    if not PRESETS[preset].joker:
        assert compact_seen > 0


def test_a_compact_state_reads_like_a_full_one() -> None:
    state = _deals("classic", 1)[0]
    rng = random.Random(7)
    while not (state.phase == "play" and PLAY_CORE in state.__dict__ and state.trick):
        seat = to_act(state)
        assert seat is not None
        state, _ = apply(state, seat, rng.choice(legal_actions(state, seat)))
    twin = json_twin(state)
    # Read through observe first (it fills the fields in), then compare field by field.
    assert observe(state, None) == observe(twin, None)
    for seat in range(state.setup.seats):
        assert observe(state, seat) == observe(twin, seat)
    assert fields_of(state) == fields_of(twin)
    assert hash(state) == hash(twin) and repr(state) == repr(twin)
    assert pickle.loads(pickle.dumps(state)) == twin
    assert copy.deepcopy(state) == twin
    changed = evolve(state, {"bank": state.bank + 1})
    assert changed.bank == state.bank + 1 and changed.hands == state.hands
    with pytest.raises(AttributeError):
        state.no_such_field  # noqa: B018


def test_the_last_state_of_a_compact_deal_is_complete() -> None:
    for state in _deals("classic", 10):
        rng = random.Random(state.setup.dealer)
        while not is_over(state):
            seat = to_act(state)
            assert seat is not None
            state, _ = apply(state, seat, rng.choice(legal_actions(state, seat)))
        twin = json_twin(state)
        assert state == twin
        assert state.outcome == twin.outcome and state.played == twin.played
        with pytest.raises(EngineError) as err:
            apply(state, 0, Action("pass"))
        assert err.value.code == "deal_over"


def test_card_actions_built_fast_are_ordinary_actions() -> None:
    fast = card_action("exchange", ("AS", "KH"))
    slow = Action("exchange", cards=("AS", "KH"))
    assert type(fast) is Action and fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    assert fast.to_json() == slow.to_json() == {"do": "exchange", "cards": ["AS", "KH"]}
    with pytest.raises(AttributeError):
        fast.do = "discard"  # type: ignore[misc]
