"""A state's twin through its JSON round trip: the same position as a full state, off the compact
road, so a test can play both and compare."""

from __future__ import annotations

import json

from games.engine import state_from_json, state_to_json
from games.engine.state import State


def json_twin(state: State) -> State:
    return state_from_json(json.loads(json.dumps(state_to_json(state))))
