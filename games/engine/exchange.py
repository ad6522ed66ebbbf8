"""The exchange phase (RULES.md 4.3, Decision 5): fives draw, the shooter's forced swap, free exchanges."""

from __future__ import annotations

from . import events as ev
from ._base import FIVE_TYPES, after, bad_cards, draw_top, illegal, stock_free, without
from .actions import Action
from .events import Event
from .play import start_play
from .state import Work

SHOOT_GIVE = 3
SHOOT_DRAW = 4


def free_exchanger(w: Work, seat: int) -> bool:
    """4.3: only those who said snore or help exchange freely (a displaced snorer keeps the right)."""
    return w.status[seat] in ("snore", "help") and w.declared[seat] in ("snore", "help")


def exchange_range(w: Work, seat: int) -> tuple[int, int]:
    """(lo, hi) cards a free exchanger may give up now; hi < lo means his turn passes by itself."""
    rules = w.setup.rules
    lo, hi = rules.exchange_snorer if w.status[seat] == "snore" else rules.exchange_helper
    hi = min(hi, stock_free(w), len(w.hands[seat]))
    return lo, hi


def start_exchange(w: Work, out: list[Event]) -> None:
    """Bidding is over: order the exchangers by ``exchange_order`` and serve the first."""
    setup = w.setup
    rules = setup.rules
    sn = w.snorer
    others = after(sn, setup.seats)
    fives = tuple(s for s in others if w.status[s] in FIVE_TYPES)
    helpers = tuple(s for s in others if free_exchanger(w, s))
    snorer = (sn,) if w.status[sn] in ("snore", "shoot") else ()
    order_name = "snorer_fives_helpers" if w.status[sn] == "shoot" else rules.exchange_order
    if order_name == "fives_snorer_helpers":
        queue = fives + snorer + helpers
    elif order_name == "snorer_fives_helpers":
        queue = snorer + fives + helpers
    else:
        queue = snorer + tuple(s for s in others if s in fives or s in helpers)
    w.phase = "exchange"
    w.step = ""
    w.queue = queue
    _serve(w, out)


def _serve(w: Work, out: list[Event]) -> None:
    """Set up the turn of queue[0]: automatic draws for five-takers, skip who cannot exchange."""
    rules = w.setup.rules
    while w.queue:
        seat = w.queue[0]
        status = w.status[seat]
        if status in FIVE_TYPES:
            count = rules.six_draw if status == "six" else rules.five_draw
            w.promised -= count
            old = w.hands[seat]
            drawn = draw_top(w, count)
            hands = list(w.hands)
            hands[seat] = drawn
            w.hands = tuple(hands)
            w.discards = w.discards + old
            _see(w, seat, out)
            out.append(ev.Discarded(seat, len(old)))
            out.append(ev.Drew(seat, count))
            w.need = "discard"
            w.need_n = count - rules.hand_size
            if w.need_n > 0:
                return
            w.queue = w.queue[1:]
            continue
        if status == "shoot":
            w.need = "shoot"
            return
        lo, hi = exchange_range(w, seat)
        if hi >= lo and hi > 0:
            w.need = "exchange"
            return
        w.queue = w.queue[1:]
    w.need = ""
    start_play(w, out)


def _see(w: Work, seat: int, out: list[Event]) -> None:
    if not w.seen[seat]:
        seen = list(w.seen)
        seen[seat] = True
        w.seen = tuple(seen)
        out.append(ev.Looked(seat))


def apply_exchange(w: Work, seat: int, action: Action, out: list[Event]) -> None:
    need = w.need
    if need == "discard":
        discard(w, seat, action, out)
        w.queue = w.queue[1:]
        _serve(w, out)
        return
    if action.do != "exchange":
        raise illegal("It is your turn to exchange cards.")
    hand = w.hands[seat]
    rules = w.setup.rules
    if need == "shoot":
        if len(action.cards) != SHOOT_GIVE:
            raise illegal(f"After shooting you give up exactly {SHOOT_GIVE} cards and draw {SHOOT_DRAW}.")
        if action.sources:
            raise illegal("The shooter's cards come from the top of the stock.")
        rest = without(hand, action.cards)
        w.promised -= SHOOT_DRAW
        drawn = draw_top(w, SHOOT_DRAW)
        _set_hand(w, seat, rest + drawn)
        w.discards = w.discards + action.cards
        _see(w, seat, out)
        out.append(ev.Discarded(seat, SHOOT_GIVE))
        out.append(ev.Drew(seat, SHOOT_DRAW))
        w.need = "discard"
        w.need_n = SHOOT_DRAW - SHOOT_GIVE
        return
    k = len(action.cards)
    lo, hi = exchange_range(w, seat)
    rest = without(hand, action.cards)
    if not lo <= k <= hi:
        if k > hi and hi < (rules.exchange_snorer if w.status[seat] == "snore" else rules.exchange_helper)[1]:
            raise illegal(f"Only {hi} cards are left in the stock for you.")
        raise illegal(f"You may exchange {lo} to {hi} cards.")
    sources = action.sources
    if sources:
        if rules.draw_choice != "top_or_bottom":
            raise illegal("Every card is drawn from the top of the stock.")
        if len(sources) != k:
            raise illegal("Say top or bottom once for every card you draw.")
    drawn: tuple[str, ...]
    if sources and "bottom" in sources:
        deck = w.setup.deck
        got = []
        for src in sources:
            if src == "top":
                got.append(deck[w.stock_top])
                w.stock_top += 1
            else:
                w.stock_end -= 1
                got.append(deck[w.stock_end])
        drawn = tuple(got)
    else:
        drawn = draw_top(w, k)
    _set_hand(w, seat, rest + drawn)
    w.discards = w.discards + action.cards
    _see(w, seat, out)
    out.append(ev.Discarded(seat, k))
    out.append(ev.Drew(seat, k))
    w.queue = w.queue[1:]
    _serve(w, out)


def discard(w: Work, seat: int, action: Action, out: list[Event]) -> None:
    """The forced discard after an over-draw (five, six, shoot, cheer, mourn, dark, wrap)."""
    if action.do != "discard":
        raise illegal(f"You must first discard {w.need_n} card{'s' if w.need_n > 1 else ''}.")
    if len(action.cards) != w.need_n:
        raise illegal(f"Discard exactly {w.need_n} card{'s' if w.need_n > 1 else ''}.")
    rest = without(w.hands[seat], action.cards)
    _set_hand(w, seat, rest)
    w.discards = w.discards + action.cards
    out.append(ev.Discarded(seat, len(action.cards)))
    w.need_n = 0


def _set_hand(w: Work, seat: int, hand: tuple[str, ...]) -> None:
    hands = list(w.hands)
    hands[seat] = hand
    w.hands = tuple(hands)


__all__ = ["apply_exchange", "bad_cards", "discard", "exchange_range", "start_exchange"]
