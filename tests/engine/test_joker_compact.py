"""Student's 7♠ joker on the compact play road (tricks.py) agrees with the full road (play.py).

Every play of many Student deals is answered twice: by ``apply`` on the compact state, and by the
full-state code of ``play.py`` on a twin rebuilt from JSON. Legal plays, refusals, states and events
must be the same, the joker led, followed and played as a seven included.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.engine import (
    PRESETS,
    Action,
    EngineError,
    apply,
    is_over,
    legal_actions,
    new_deal,
    state_to_json,
    to_act,
)
from games.engine import play as full_road
from games.engine.shuffle import shuffled_deck
from games.engine.state import PLAY_CORE, State, fields_of
from tests.engine.json_twin import json_twin


def _full_road(state: State, seat: int, action: Action) -> tuple[State, tuple]:
    return full_road._play_full(fields_of(state), seat, action)


def _answer(
    step: Callable[[State, int, Action], tuple[State, tuple]], state: State, seat: int, action: Action
) -> object:
    """The refusal (code and sentence), or the new state's JSON and the events."""
    try:
        new, events = step(state, seat, action)
    except EngineError as exc:
        return exc.to_json()
    return state_to_json(new), events


def test_student_joker_plays_match_the_full_road() -> None:
    rules = PRESETS["student"]
    rng = random.Random("joker")
    compact = jokers = 0
    for k in range(120):
        n = 3 + k % 2
        deck = shuffled_deck(f"joker:{k}".encode(), rules.deck_for(n))
        state = new_deal(rules, stake=2, stacks=[500] * n, bank=0, dealer=k % n, deck=deck)
        while not is_over(state):
            seat = to_act(state)
            assert seat is not None
            acts = legal_actions(state, seat)
            action = rng.choice(acts)
            if state.phase == "play" and PLAY_CORE in state.__dict__:
                compact += 1
                twin = json_twin(state)
                assert full_road.legal_plays(twin, seat) == acts
                jokers += action.as_ == "joker"
                probes = [Action("play", card="7S"), Action("play", card=rng.choice(deck), as_="seven")]
                for probe in [*probes, Action("play", card="7S", as_="joker"), action]:
                    assert _answer(apply, state, seat, probe) == _answer(_full_road, twin, seat, probe)
                state, _ = apply(state, seat, action)
            else:
                state, _ = apply(state, seat, action)
    assert compact > 500 and jokers > 10
