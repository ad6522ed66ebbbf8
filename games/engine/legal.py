"""``legal_actions``: what a seat may do now, in a stable order, as shared Action objects."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

from . import bidding
from ._base import stock_free
from .actions import FIVE_TAKE_TRUMP, LOOK, NAME_TRUMP, PASS, SIMPLE, Action
from .exchange import SHOOT_GIVE, exchange_range
from .play import legal_plays
from .state import State


def can_look(state: State, seat: int) -> bool:
    """4.1: ``look`` is legal any time, out of turn, while the seat's own cards are unseen."""
    return (
        state.phase != "over"
        and 0 <= seat < state.setup.seats
        and not state.seen[seat]
        and state.status[seat] not in ("out", "pass")
        and bool(state.hands[seat])
    )


@lru_cache(maxsize=65536)
def _card_action(do: str, cards: tuple[str, ...]) -> Action:
    """One shared Action per (do, cards): building frozen dataclasses is the costly part."""
    return Action(do, cards=cards)


@lru_cache(maxsize=64)
def _index_combos(size: int, lo: int, hi: int) -> tuple[tuple[int, ...], ...]:
    return tuple(c for k in range(lo, hi + 1) for c in combinations(range(size), k))


@lru_cache(maxsize=8192)
def _subsets(hand: tuple[str, ...], lo: int, hi: int, do: str) -> tuple[Action, ...]:
    # Cached by hand: the same hand is asked for its exchanges again on every legal_actions call.
    return tuple(
        _card_action(do, tuple([hand[i] for i in combo])) for combo in _index_combos(len(hand), lo, hi)
    )


@lru_cache(maxsize=8192)
def _subsets_with_sources(hand: tuple[str, ...], lo: int, hi: int) -> tuple[Action, ...]:
    acts = []
    for k in range(lo, hi + 1):
        for combo in combinations(hand, k):
            for src in product(("top", "bottom"), repeat=k):
                acts.append(Action("exchange", cards=combo, sources=src if k else ()))
    return tuple(acts)


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now; ``look`` is included when legal, even out of turn."""
    queue = state.queue
    if not queue or queue[0] != seat:
        return [LOOK] if can_look(state, seat) else []
    need = state.need
    if need == "play":
        acts = legal_plays(state, seat)
    elif need == "discard":
        acts = list(_subsets(state.hands[seat], state.need_n, state.need_n, "discard"))
    elif need == "exchange":
        lo, hi = exchange_range(state, seat)  # type: ignore[arg-type]
        if state.setup.rules.draw_choice == "top_or_bottom":
            acts = list(_subsets_with_sources(state.hands[seat], lo, hi))
        else:
            acts = list(_subsets(state.hands[seat], lo, hi, "exchange"))
    elif need == "shoot":
        acts = list(_subsets(state.hands[seat], SHOOT_GIVE, SHOOT_GIVE, "exchange"))
    elif need == "name_trump":
        acts = list(NAME_TRUMP.values())
    else:
        acts = _bids(state, seat)
        if bidding.hidden_wrap(state, seat) and acts and acts[0].do == "dark":
            return acts[:1] + ([LOOK] if can_look(state, seat) else []) + acts[1:]
    if can_look(state, seat):
        return [LOOK, *acts]
    return acts


def _bids(state: State, seat: int) -> list[Action]:
    stack = state.stacks[seat]
    acts: list[Action] = []
    first: list[Action] = []
    for name in bidding.offers(state, seat):
        if stack < bidding.liability(state, name):
            continue
        if name == "wrap_swap":
            acts.extend(Action("wrap_swap", position=p) for p in range(len(state.hands[seat])))
        elif name == "dark" and bidding.hidden_wrap(state, seat):
            first.append(SIMPLE[name])
        elif name == "five" and state.setup.rules.five_take_trump:
            # Frap 5.6: the cut with or without the trump card, as the stock and the card allow.
            if stock_free(state) >= state.setup.rules.five_draw:
                acts.append(SIMPLE[name])
            if bidding.can_cut_with_trump(state):
                acts.append(FIVE_TAKE_TRUMP)
        else:
            acts.append(SIMPLE[name])
    return [*first, PASS, *acts]
