"""The exchange phase (RULES.md 4.3, Decision 5): fives draw, the shooter's forced swap, free exchanges.

When the exchange is over, two Frap-family steps may follow before play: the cut question
(``five_timing = after_exchange``: step F is asked, then the cutters draw in its order, see
:func:`start_cut_draws`), and the snorer naming the trump (``trump_source = named``).
"""

from __future__ import annotations

from . import events as ev
from ._base import FIVE_TYPES, NOT_IN_DEAL, after, bad_cards, draw_top, illegal, stock_free, without
from .actions import Action
from .cards import SUITS
from .events import Event
from .play import start_play
from .state import Work

SHOOT_GIVE = 3
SHOOT_DRAW = 4
_FREE = ("snore", "help")  # the statuses (said and held) of a free exchanger, 4.3


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
    status = w.status
    declared = w.declared
    # Once per deal: list comprehensions (a generator per tuple costs more) and free_exchanger
    # inlined.
    fives = tuple([s for s in others if status[s] in FIVE_TYPES])
    helpers = tuple([s for s in others if status[s] in _FREE and declared[s] in _FREE])
    snorer = (sn,) if status[sn] in ("snore", "shoot") else ()
    order_name = "snorer_fives_helpers" if status[sn] == "shoot" else rules.exchange_order
    if order_name == "fives_snorer_helpers":
        queue = fives + snorer + helpers
    elif order_name == "snorer_fives_helpers":
        queue = snorer + fives + helpers
    else:
        queue = snorer + tuple([s for s in others if s in fives or s in helpers])
    w.phase = "exchange"
    w.step = ""
    w.queue = queue
    _serve(w, out)


def start_cut_draws(w: Work, out: list[Event]) -> None:
    """Step F after the exchange is answered: the cutters draw, in its order (clockwise from the
    snorer), each discarding down to ``hand_size``."""
    w.phase = "exchange"
    w.step = ""
    status = w.status
    w.queue = tuple([s for s in after(w.snorer, w.setup.seats) if status[s] in FIVE_TYPES])
    _serve(w, out)


def _exchange_over(w: Work, out: list[Event]) -> None:
    """Nobody is left to exchange: ask the cut (Frap, Khrap-5), let the snorer name the trump
    (``trump_source = named``), or start the play."""
    rules = w.setup.rules
    w.need = ""
    if rules.five and rules.five_timing == "after_exchange" and "" in w.status:
        # 4.2 step F, after the exchange: the passers are asked clockwise from the snorer.
        w.phase = "bid"
        w.step = "F"
        w.need = "bid"
        status = w.status
        w.queue = tuple([s for s in after(w.snorer, w.setup.seats) if status[s] == ""])
        return
    if rules.trump_source == "named" and not w.trump and _players(w) > 1:
        # 4.3: the snorer names the trump when the exchange is over. A snorer left alone takes
        # every trick without play (4.5), so there is nothing to name.
        w.phase = "exchange"
        w.need = "name_trump"
        w.queue = (w.snorer,)
        return
    start_play(w, out)


def _players(w: Work) -> int:
    count = 0
    for st in w.status:
        if st not in NOT_IN_DEAL:
            count += 1
    return count


def _serve(w: Work, out: list[Event]) -> None:
    """Set up the turn of queue[0]: automatic draws for five-takers, skip who cannot exchange."""
    rules = w.setup.rules
    while w.queue:
        seat = w.queue[0]
        status = w.status[seat]
        if status in FIVE_TYPES:
            count = rules.six_draw if status == "six" else rules.five_draw
            old = w.hands[seat]
            w.discards = w.discards + old
            _see(w, seat, out)
            out.append(ev.DISCARDED[seat, len(old)])
            if seat == w.cut_trump and w.trump_card is not None:
                # Frap 5.6: the trump card plus count - 1 cards from the stock.
                card = w.trump_card
                w.trump_card = None
                w.promised -= count - 1
                drawn = (card, *draw_top(w, count - 1))
                out.append(ev.shared(ev.TookTrumpCard, seat, card))
                out.append(ev.DREW[seat, count - 1])
            else:
                w.promised -= count
                drawn = draw_top(w, count)
                out.append(ev.DREW[seat, count])
            hands = list(w.hands)
            hands[seat] = drawn
            w.hands = tuple(hands)
            w.need = "discard"
            w.need_n = count - rules.hand_size
            if w.need_n > 0:
                return
            w.queue = w.queue[1:]
            continue
        if status == "shoot":
            w.need = "shoot"
            return
        lo, hi = rules.exchange_snorer if status == "snore" else rules.exchange_helper
        hi = min(hi, w.stock_end - w.stock_top - w.promised, len(w.hands[seat]))  # exchange_range
        if hi >= lo and hi > 0:
            w.need = "exchange"
            return
        w.queue = w.queue[1:]
    _exchange_over(w, out)


def _see(w: Work, seat: int, out: list[Event]) -> None:
    if not w.seen[seat]:
        seen = list(w.seen)
        seen[seat] = True
        w.seen = tuple(seen)
        out.append(ev.shared(ev.Looked, seat))


def apply_exchange(w: Work, seat: int, action: Action, out: list[Event]) -> None:
    need = w.need
    if need == "discard":
        discard(w, seat, action, out)
        w.queue = w.queue[1:]
        _serve(w, out)
        return
    if need == "name_trump":
        _name_trump(w, seat, action, out)
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
        out.append(ev.discarded(seat, SHOOT_GIVE))
        out.append(ev.drew(seat, SHOOT_DRAW))
        w.need = "discard"
        w.need_n = SHOOT_DRAW - SHOOT_GIVE
        return
    cards = action.cards
    k = len(cards)
    lo, hi = rules.exchange_snorer if w.status[seat] == "snore" else rules.exchange_helper
    rest = without(hand, cards)
    if not lo <= k <= hi or k > len(hand) or k > w.stock_end - w.stock_top - w.promised:
        lo, hi = exchange_range(w, seat)
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
        top = w.stock_top
        w.stock_top = top + k
        drawn = w.setup.deck[top : top + k]
    hands = list(w.hands)
    hands[seat] = rest + drawn
    w.hands = tuple(hands)
    if k:
        w.discards = w.discards + cards
    if not w.seen[seat]:
        _see(w, seat, out)
    out.append(ev.DISCARDED[seat, k])
    out.append(ev.DREW[seat, k])
    w.queue = w.queue[1:]
    _serve(w, out)


def _name_trump(w: Work, seat: int, action: Action, out: list[Event]) -> None:
    """4.3, ``trump_source = named``: the snorer names the trump suit, then play starts."""
    if action.do != "name_trump":
        raise illegal("The exchange is over: name the trump suit.")
    if action.suit is None or action.suit not in SUITS:
        raise illegal("Name a suit: S, H, D or C.")
    w.trump = action.suit
    w.trump_suits = action.suit
    w.queue = ()
    w.need = ""
    out.append(ev.shared(ev.TrumpNamed, seat, action.suit))
    start_play(w, out)


def discard(w: Work, seat: int, action: Action, out: list[Event]) -> None:
    """The forced discard after an over-draw (five, six, shoot, cheer, mourn, dark, wrap)."""
    if action.do != "discard":
        raise illegal(f"You must first discard {w.need_n} card{'s' if w.need_n > 1 else ''}.")
    if len(action.cards) != w.need_n:
        raise illegal(f"Discard exactly {w.need_n} card{'s' if w.need_n > 1 else ''}.")
    rest = without(w.hands[seat], action.cards)
    _set_hand(w, seat, rest)
    w.discards = w.discards + action.cards
    out.append(ev.DISCARDED[seat, len(action.cards)])
    w.need_n = 0


def _set_hand(w: Work, seat: int, hand: tuple[str, ...]) -> None:
    hands = list(w.hands)
    hands[seat] = hand
    w.hands = tuple(hands)


__all__ = ["apply_exchange", "bad_cards", "discard", "exchange_range", "start_cut_draws", "start_exchange"]
