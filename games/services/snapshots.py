"""A deal's engine state in the database: JSON without the rules, with a format number.

The rules are stored once on the session (``TableSession.rules``); a snapshot holds what changes in a
deal. ``FORMAT`` goes up when the stored shape changes, and ``state_load`` keeps reading every
older format, so a deal started before an upgrade finishes after it.
"""

from __future__ import annotations

from typing import Any

from games.engine import State, state_from_json, state_to_json

FORMAT = 1


def state_dump(state: State) -> dict[str, Any]:
    return state_to_json(state, rules=False)


def state_load(snapshot: dict[str, Any], *, rules: dict[str, Any], snapshot_format: int) -> State:
    if snapshot_format != FORMAT:
        raise ValueError(f"unknown deal snapshot format {snapshot_format}")
    data = dict(snapshot)
    data["setup"] = {**snapshot["setup"], "rules": rules}
    return state_from_json(data)
