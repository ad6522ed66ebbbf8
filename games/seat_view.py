"""A seat's view for the live table: the engine's ``observe`` and why bids are missing from it.

A player whose stack cannot cover any status is offered only "pass"; without a word he takes the
table for broken. The engine's view stays as the replay format and its recorded digests know it;
the reason is added here, for the live table only.
"""

from __future__ import annotations

from typing import Any

from games.engine import State, observe
from games.engine.legal import bids_out_of_reach
from games.engine.observe import HAND_DEPENDENT


def seat_view(state: State, seat: int | None) -> dict[str, Any]:
    view = observe(state, seat)
    if seat is None or not 0 <= seat < state.setup.seats:
        return view
    short = bids_out_of_reach(state, seat)
    if not state.seen[seat]:
        short = [(name, cost) for name, cost in short if name not in HAND_DEPENDENT]
    if short:
        view["out_of_reach"] = [{"do": name, "cost": cost} for name, cost in short]
    return view
