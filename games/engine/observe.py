"""``observe``: the part of a deal one seat (or a spectator) may know, as a JSON-able dict.

Never in a view: another player's hand while the deal runs, the stock order, discards.
A seat whose cards are still face down to him (4.1) sees only their count. Once the deal is
over, the hands that were played are shown, as at a real table where the tricks are turned over;
hands of players who passed stay hidden, and so do hands nobody played: a lone snorer's (4.5) and,
after an instant win (4.4), every hand but the winner's, who shows it to claim the tricks.
"""

from __future__ import annotations

from typing import Any

from ._base import NOT_IN_DEAL
from .legal import legal_actions
from .state import State

# Statuses whose offer would tell a player something about cards he has not looked at.
HAND_DEPENDENT = frozenset({"cheer", "mourn", "helicopter"})


def observe(state: State, seat: int | None) -> dict[str, Any]:
    setup = state.setup
    n = setup.seats
    over = state.phase == "over"
    queue = state.queue
    view: dict[str, Any] = {
        "preset": setup.rules.name,
        "seat": seat,
        "seats": n,
        "dealer": setup.dealer,
        "phase": state.phase,
        "step": state.step or None,
        "round": state.round,
        "to_act": queue[0] if queue else None,
        "need": state.need or None,
        "need_count": state.need_n if state.need == "discard" else None,
        "trump": state.trump or None,
        "trump_card": state.trump_card,
        "turned": list(state.turned),
        "bank": state.bank,
        "b0": state.b0,
        "stake": setup.stake,
        "hand_size": setup.rules.hand_size,
        "snore_tricks": setup.rules.snore_tricks,
        "stacks": list(state.stacks),
        "holds": list(state.holds),
        "statuses": [_public_status(st, over) for st in state.status],
        "snorer": state.snorer if state.snorer >= 0 else None,
        "hand_counts": [len(h) for h in state.hands],
        "seen": list(state.seen),
        "stock": state.stock_end - state.stock_top,
        "discard_count": len(state.discards),
        "trick": [_trick_card(t) for t in state.trick],
        "last_trick": [_trick_card(t) for t in state.last_trick],
        "leader": state.leader if state.leader >= 0 else None,
        "tricks": list(state.tricks),
        "trick_no": state.trick_no,
        "played": [list(p) for p in state.played],
        "hand": None,
        "legal_actions": [],
        "outcome": state.outcome.to_json() if state.outcome is not None else None,
    }
    if seat is not None and 0 <= seat < n:
        if state.seen[seat] or over:
            view["hand"] = list(state.hands[seat])
        acts = legal_actions(state, seat)
        if not state.seen[seat]:
            # An offer naming his own cards, or one the rules make only on certain cards, would show
            # a player what he has not looked at: he looks first (``look`` is always offered then).
            acts = [a for a in acts if a.do not in HAND_DEPENDENT and not a.cards and a.card is None]
        view["legal_actions"] = [a.to_json() for a in acts]
    if over:
        view["hands"] = [
            sorted(state.played[s] + state.hands[s]) if _shown(state, s) else None for s in range(n)
        ]
    return view


def _shown(state: State, seat: int) -> bool:
    """At the end of a deal: does the table see this seat's hand?"""
    if state.status[seat] in NOT_IN_DEAL:
        return False
    if state.played[seat]:
        return True
    out = state.outcome
    return out is not None and out.result == "instant_win" and out.tricks[seat] > 0


def _public_status(status: str, over: bool) -> str | None:
    if status == "":
        return "pass" if over else None
    return status


def _trick_card(t: tuple[int, str, bool]) -> dict[str, Any]:
    return {"seat": t[0], "card": t[1], "joker": t[2]}
