"""``legal_actions``: what a seat may do now, in a stable order, as shared Action objects."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

from . import bidding
from ._base import SNORER_TYPES, stock_free
from .actions import (
    FIVE_TAKE_TRUMP,
    LOOK,
    NAME_TRUMP,
    PASS,
    SIMPLE,
    Action,
    card_action,
    card_actions,
    sourced_actions,
)
from .cards import SUIT
from .exchange import SHOOT_GIVE
from .play import legal_plays
from .state import State
from .tricks import HAND_BITS, PICK, STRIDE, legal_joker_rules


def can_look(state: State, seat: int) -> bool:
    """4.1: ``look`` is legal any time, out of turn, while the seat's own cards are unseen."""
    return (
        state.phase != "over"
        and 0 <= seat < state.setup.seats
        and not state.seen[seat]
        and state.status[seat] not in ("out", "pass")
        and bool(state.hands[seat])
    )


# One shared Action per (do, cards) of at most two cards: building a frozen dataclass costs a few
# hundred nanoseconds, looking one up a few dozen. Such subsets of a hand are at most 52 x 51 per
# kind, so the caches stay small; the bound only guards against a caller feeding odd hands.
_MAX_CARD_ACTIONS = 50_000


class _CardActions(dict[tuple[str, ...], Action]):
    """The shared card actions of one ``do`` by their cards; a missing one is built on first use,
    so that a hit is a plain C-level ``dict`` lookup (``map(cache.__getitem__, ...)``)."""

    __slots__ = ("do",)

    def __init__(self, do: str) -> None:
        super().__init__()
        self.do = do

    def __missing__(self, cards: tuple[str, ...]) -> Action:
        if len(self) >= _MAX_CARD_ACTIONS:
            self.clear()
        a = self[cards] = card_action(self.do, cards)
        return a


class _OneCardActions(dict[str, Action]):
    """The shared one-card actions of one ``do`` by the card itself: no 1-tuple to build and hash."""

    __slots__ = ("do",)

    def __init__(self, do: str) -> None:
        super().__init__()
        self.do = do

    def __missing__(self, card: str) -> Action:
        a = self[card] = card_action(self.do, (card,))
        return a


_KINDS = ("exchange", "discard")
_CARD_ACTIONS: dict[str, _CardActions] = {do: _CardActions(do) for do in _KINDS}
_ONE_CARD: dict[str, _OneCardActions] = {do: _OneCardActions(do) for do in _KINDS}
_NO_CARDS: dict[str, Action] = {do: card_action(do, ()) for do in _KINDS}
_NAME_TRUMP_ALL = tuple(NAME_TRUMP.values())
_WRAP_SWAP: dict[int, Action] = {}


def _subsets(hand: tuple[str, ...], lo: int, hi: int, do: str) -> list[Action]:
    """``do`` with every choice of ``lo`` to ``hi`` cards of ``hand``, fewest first, in hand order."""
    acts: list[Action] = []
    for k in range(lo, hi + 1):
        if k == 1:
            acts += map(_ONE_CARD[do].__getitem__, hand)
        elif k == 2:
            acts += map(_CARD_ACTIONS[do].__getitem__, combinations(hand, 2))
        elif k == 0:
            acts.append(_NO_CARDS[do])
        else:
            # Three or more cards in this hand's order rarely come again: no point keeping them.
            acts += card_actions(do, combinations(hand, k))
    return acts


_ONE_EXCHANGE = _ONE_CARD["exchange"].__getitem__
_TWO_EXCHANGE = _CARD_ACTIONS["exchange"].__getitem__
_NO_EXCHANGE = _NO_CARDS["exchange"]


def _exchanges(hand: tuple[str, ...], lo: int, hi: int) -> list[Action]:
    """``_subsets(hand, lo, hi, "exchange")`` without its per-size loop and lookups: every exchanger
    of a deal asks for these once (up to 2^5 choices of a five-card hand)."""
    acts: list[Action] = [_NO_EXCHANGE] if lo <= 0 <= hi else []
    if lo <= 1 <= hi:
        acts += map(_ONE_EXCHANGE, hand)
    if hi < 2:
        return acts
    if lo <= 2:
        acts += map(_TWO_EXCHANGE, combinations(hand, 2))
    for k in range(max(lo, 3), hi + 1):
        acts += card_actions("exchange", combinations(hand, k))
    return acts


class _SourcedActions(dict[tuple[tuple[str, ...], tuple[str, ...]], Action]):
    """The shared exchanges of at most two cards with their sources, by (cards, sources)."""

    __slots__ = ()

    def __missing__(self, key: tuple[tuple[str, ...], tuple[str, ...]]) -> Action:
        if len(self) >= _MAX_CARD_ACTIONS:
            self.clear()
        a = self[key] = sourced_actions("exchange", (key,))[0]
        return a


_SOURCED = _SourcedActions()
_SOURCES: dict[int, tuple[tuple[str, ...], ...]] = {}


def _sources(k: int) -> tuple[tuple[str, ...], ...]:
    """Every top/bottom choice for ``k`` drawn cards, in ``product`` order."""
    sources = _SOURCES.get(k)
    if sources is None:
        sources = _SOURCES[k] = tuple(product(("top", "bottom"), repeat=k))
    return sources


#: Hands of the exchanges being decided now, asked again for each reader's picture, the bot and the
#: move's check. A hand is seldom dealt twice: more entries only held memory (up to 70 KB each, half
#: a gigabyte at the 8,192 once kept) for hands no deal holds any more.
@lru_cache(maxsize=128)
def _subsets_with_sources(hand: tuple[str, ...], lo: int, hi: int) -> tuple[Action, ...]:
    # Up to 3^5 actions per hand, and hands rarely repeat: the (cards, sources) pairs are made in C
    # by ``product``, the small ones looked up, the others built without a constructor call each.
    acts: list[Action] = []
    for k in range(lo, hi + 1):
        choices = product(combinations(hand, k), _sources(k))
        if k <= 2:
            acts += map(_SOURCED.__getitem__, choices)
        else:
            acts += sourced_actions("exchange", choices)
    return tuple(acts)


def _wrap_swap(position: int) -> Action:
    a = _WRAP_SWAP.get(position)
    if a is None:
        a = _WRAP_SWAP[position] = Action("wrap_swap", position=position)
    return a


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now; ``look`` is included when legal, even out of turn."""
    queue = state.queue
    # The phase first: reading ``_play`` (a class attribute the compact states' own entry shadows)
    # is not specialised by CPython, so bids and exchanges skip it.
    if state.phase == "play" and (core := state._play) is not None:  # compact: nobody may look
        if not queue or queue[0] != seat:
            return []
        # 4.5 on the compact core (follow suit, else trump, else anything), inline: most calls of a
        # deal are these.
        ctx = core[0]
        if ctx.joker:
            return legal_joker_rules(core, seat)
        bits = core[1] >> (STRIDE * seat) & HAND_BITS
        trick = core[2]
        if trick:
            suits = ctx.suits[seat]
            allowed = bits & suits.get(SUIT[trick[0][1]], 0)
            if not allowed:
                allowed = bits & suits.get(ctx.trump, 0) or bits
            bits = allowed
        return list(PICK[bits](ctx.plays[seat]))
    if not queue or queue[0] != seat:
        return [LOOK] if can_look(state, seat) else []
    need = state.need
    if need == "bid":  # the commonest need of a full state
        acts = _bids(state, seat)
        if state.setup.hidden_dealer and bidding.hidden_wrap(state, seat) and acts[0].do == "dark":
            return acts[:1] + ([LOOK] if can_look(state, seat) else []) + acts[1:]
    elif need == "play":
        acts = legal_plays(state, seat)
    elif need == "discard":
        acts = _subsets(state.hands[seat], state.need_n, state.need_n, "discard")
    elif need == "exchange":
        # exchange_range, inlined (once per exchanger and deal, but each call counts here)
        rules = state.setup.rules
        hand = state.hands[seat]
        lo, hi = rules.exchange_snorer if state.status[seat] == "snore" else rules.exchange_helper
        free = state.stock_end - state.stock_top - state.promised
        if free < hi:
            hi = free
        if len(hand) < hi:
            hi = len(hand)
        if rules.draw_choice == "top_or_bottom":
            acts = list(_subsets_with_sources(hand, lo, hi))
        else:
            acts = _exchanges(hand, lo, hi)
    elif need == "shoot":
        acts = _subsets(state.hands[seat], SHOOT_GIVE, SHOOT_GIVE, "exchange")
    elif need == "name_trump":
        acts = list(_NAME_TRUMP_ALL)
    else:
        acts = _bids(state, seat)
        if state.setup.hidden_dealer and bidding.hidden_wrap(state, seat) and acts[0].do == "dark":
            return acts[:1] + ([LOOK] if can_look(state, seat) else []) + acts[1:]
    if state.seen[seat] or not can_look(state, seat):
        return acts
    return [LOOK, *acts]


def _bids(state: State, seat: int) -> list[Action]:
    """PASS and the offered statuses the seat's stack covers (a hidden Zone 52 wrap first)."""
    # bid_cost inlined: asked at every bid of every deal.
    names = bidding.offers(state, seat)
    stack = state.stacks[seat]
    rules = state.setup.rules
    b0 = state.b0
    if len(names) == 1:
        # Most bids are offered nothing but the step's own snore or help.
        name = names[0]
        if name == "snore":
            return [PASS, _SNORE] if stack >= rules.liability_snorer * b0 else [PASS]
        if name == "help":
            return [PASS, _HELP] if stack >= rules.liability_helper * b0 else [PASS]
    acts: list[Action] = [PASS]
    for name in names:
        if name == "blind":
            cost = rules.liability_blind * b0
        elif name in _SNORER_COST:
            cost = rules.liability_snorer * b0
        else:
            cost = rules.liability_helper * b0
        if stack < cost:
            continue
        if name in _PLAIN_BIDS:
            acts.append(SIMPLE[name])
        elif name == "wrap_swap":
            acts.extend([_wrap_swap(p) for p in range(len(state.hands[seat]))])
        elif name == "dark" and bidding.hidden_wrap(state, seat):
            acts.insert(0, SIMPLE[name])
        elif name == "five" and rules.five_take_trump:
            # Frap 5.6: the cut with or without the trump card, as the stock and the card allow.
            if stock_free(state) >= rules.five_draw:
                acts.append(SIMPLE[name])
            if bidding.can_cut_with_trump(state):
                acts.append(FIVE_TAKE_TRUMP)
        else:
            acts.append(SIMPLE[name])
    return acts


def bid_cost(state: State, name: str) -> int:
    """The chips offering status ``name`` holds from its bidder's stack (``_bids`` inlines it)."""
    rules = state.setup.rules
    if name == "blind":
        return rules.liability_blind * state.b0
    if name in _SNORER_COST:
        return rules.liability_snorer * state.b0
    return rules.liability_helper * state.b0


def bids_out_of_reach(state: State, seat: int) -> list[tuple[str, int]]:
    """The statuses the rules offer ``seat`` at his bid now that his stack cannot cover, each with
    the chips it would hold: a player left with only "pass" is told why."""
    queue = state.queue
    if state.need != "bid" or not queue or queue[0] != seat:
        return []
    stack = state.stacks[seat]
    out = []
    for name in dict.fromkeys(bidding.offers(state, seat)):
        cost = bid_cost(state, name)
        if stack < cost:
            out.append((name, cost))
    return out


_SNORER_COST = SNORER_TYPES | {"wrap_swap"}
_SNORE = SIMPLE["snore"]
_HELP = SIMPLE["help"]
#: Offers that are always a single plain action (the others may need a look at the state).
_PLAIN_BIDS = frozenset({"snore", "help", "six", "cheer", "mourn", "helicopter", "shoot", "blind"})
