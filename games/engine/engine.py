"""The public functions of the engine: start a deal, ask whose turn it is, apply an action.

``apply`` never mutates: it copies the state's fields once into a scratch :class:`Work`, lets the
phase module change what it must, and turns the scratch object into the new state. An exception
thrown half way leaves the caller's state untouched because the scratch copy is simply dropped.
Plays take a shorter road through the compact play states of ``tricks.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import sub

from . import events as ev
from . import tricks
from ._base import NOT_IN_DEAL, UNSEEN_DARK, ring
from .actions import ACTION_NAMES, Action
from .bidding import apply_bid
from .cards import RANK, SUIT
from .cards import deck as canonical_deck
from .errors import EngineError
from .events import Event
from .exchange import apply_exchange
from .legal import can_look
from .play import play_card
from .rules import Rules
from .state import STATE_FIELDS, EmptyWork, Outcome, Setup, State, Work, blank, from_dict

_NAMES = frozenset(ACTION_NAMES)


def new_deal(
    rules: Rules,
    *,
    stake: int,
    stacks: Sequence[int],
    bank: int,
    dealer: int,
    deck: Sequence[str],
    waiting: frozenset[int] | Sequence[int] = frozenset(),
    redeal: bool = False,
) -> State:
    """Ante (section 3), deal (4.1), turn the trump card (not with a named trump) and open step S.

    ``waiting``: seats that sat down while the bank was not empty; they sit this deal out unless
    it starts with an empty bank (``join_when_bank_empty``). ``redeal``: this deal replaces one
    voided by 4.7, so with ``ante_on_redeal`` everyone antes again even into a full bank.
    """
    n = len(stacks)
    if not rules.min_players <= n <= rules.max_players:
        raise EngineError(
            "illegal_action",
            f"{rules.name} is played by {rules.min_players} to {rules.max_players} players, not {n}.",
        )
    if not 0 <= dealer < n:
        raise EngineError("illegal_action", f"There is no seat {dealer} to deal.")
    if isinstance(stake, bool) or not isinstance(stake, int) or stake < 0:
        raise EngineError("illegal_action", "The stake must be a whole number of chips.")
    if bank < 0 or min(stacks) < 0:
        raise EngineError("illegal_action", "Chip counts cannot be negative.")
    deck_t = tuple(deck)
    size = rules.deck_for(n)
    if len(deck_t) != size or not _is_deck(deck_t, size):
        raise EngineError(
            "bad_cards", f"The deck must be the {size} cards of the {rules.name} deck, each once."
        )
    waiting_t = tuple(sorted(set(waiting))) if waiting else ()
    must_ante = rules.ante_policy == "every_deal" or bank == 0 or (redeal and rules.ante_on_redeal)
    skip_waiting = rules.join_when_bank_empty and bank != 0 and waiting_t
    dark = rules.dark in UNSEEN_DARK
    if not skip_waiting and (not must_ante or min(stacks) >= stake):
        # The common deal: everyone is dealt in (and antes, if anyone does): no per-seat choices.
        dealt = ring((dealer + 1) % n, n)
        antes_t = (stake,) * n if must_ante else (0,) * n
        new_stacks_t = tuple(map(sub, stacks, antes_t)) if must_ante else tuple(stacks)
        status = [""] * n
        seen = [not dark] * n
    else:
        new_stacks = list(stacks)
        antes = [0] * n
        status = ["out"] * n
        seen = [False] * n
        dealt_l: list[int] = []
        for seat in ring((dealer + 1) % n, n):
            if skip_waiting and seat in waiting_t:
                continue
            if must_ante:
                if stacks[seat] < stake:
                    continue
                new_stacks[seat] -= stake
                antes[seat] = stake
            status[seat] = ""
            seen[seat] = not dark
            dealt_l.append(seat)
        dealt = tuple(dealt_l)
        antes_t = tuple(antes)
        new_stacks_t = tuple(new_stacks)
    if len(dealt) < 2:
        raise EngineError("illegal_action", "A deal needs at least two players dealt in.")
    hs = rules.hand_size
    m = len(dealt)
    hands: list[tuple[str, ...]] = [()] * n
    for j, seat in enumerate(dealt):
        hands[seat] = deck_t[j : m * hs : m]
    pos = m * hs
    trump_card: str | None = None
    trump = ""
    if rules.trump_source == "turned":
        trump_card = deck_t[pos]
        trump = SUIT[trump_card]
        pos += 1
    bank_now = bank + sum(antes_t)
    hidden_dealer = (
        rules.dark == "dealer_wrap"
        and rules.dealer_wrap_hidden
        and trump_card is not None
        and RANK[trump_card] == 14
        and status[dealer] == ""
    )
    if hidden_dealer:
        seen[dealer] = False
    seen_t = tuple(seen)
    status_t = tuple(status)
    # Built field by field, without the dataclasses' __init__ (a third of this function's time).
    setup = blank(
        Setup,
        {
            "rules": rules,
            "stake": stake,
            "seats": n,
            "dealer": dealer,
            "deck": deck_t,
            "redeal": redeal,
            "waiting": waiting_t,
            "dealt": dealt,
            "antes": antes_t,
            "start_stacks": tuple(stacks),
            "start_bank": bank,
            "first_trump": trump_card,
            "hidden_dealer": hidden_dealer,
        },
    )
    d = _fresh_fields(n).copy()
    d["setup"] = setup
    d["queue"] = dealt
    d["stacks"] = new_stacks_t
    d["bank"] = d["b0"] = bank_now
    d["hands"] = tuple(hands)
    d["seen"] = seen_t
    d["status"] = d["declared"] = status_t
    d["trump_card"] = trump_card
    d["trump"] = d["trump_suits"] = trump
    d["stock_top"] = pos
    d["stock_end"] = len(deck_t)
    return from_dict(d)


_FRESH: dict[int, dict[str, object]] = {}


def _fresh_fields(n: int) -> dict[str, object]:
    """The fields of a new deal of ``n`` seats, those that depend on the cards left as None; copied
    and filled in by ``new_deal`` (cheaper than building a 35-entry dict each time)."""
    fields = _FRESH.get(n)
    if fields is None:
        zeros = (0,) * n
        fields = _FRESH[n] = {
            "setup": None,
            "phase": "bid",
            "step": "S",
            "round": 1,
            "queue": None,
            "need": "bid",
            "need_n": 0,
            "stacks": None,
            "holds": zeros,
            "bank": None,
            "b0": None,
            "hands": None,
            "seen": None,
            "status": None,
            "declared": None,
            "snorer": -1,
            "interrupted": False,
            "wrap_declined": False,
            "trump_card": None,
            "trump": None,
            "trump_suits": None,
            "turned": (),
            "stock_top": None,
            "stock_end": None,
            "promised": 0,
            "cut_trump": -1,
            "discards": (),
            "leader": -1,
            "trick": (),
            "last_trick": (),
            "tricks": zeros,
            "trick_no": 0,
            "played": ((),) * n,
            "outcome": None,
        }
        assert tuple(fields) == STATE_FIELDS
    return fields


_DECK_SETS: dict[int, frozenset[str]] = {}


def _is_deck(deck: tuple[str, ...], size: int) -> bool:
    """``deck`` (already of length ``size``) holds each card of the ``size``-card deck once."""
    cards = _DECK_SETS.get(size)
    if cards is None:
        cards = _DECK_SETS[size] = frozenset(canonical_deck(size))
    return set(deck) == cards


def deal_start_events(state: State) -> tuple[Event, ...]:
    """What happened in ``new_deal``: DealStarted, one ante ChipsMoved per payer, TrumpTurned."""
    setup = state.setup
    out: list[Event] = [ev.DealStarted(setup.dealer, setup.dealt)]
    for seat in setup.dealt:
        if setup.antes[seat]:
            out.append(ev.CHIPS["ante", seat, setup.antes[seat]])
    if setup.first_trump is not None:
        out.append(ev.shared(ev.TrumpTurned, setup.first_trump))
    return tuple(out)


def to_act(state: State) -> int | None:
    """The seat whose answer the engine waits for; None when the deal is over."""
    q = state.queue
    return q[0] if q else None


def is_over(state: State) -> bool:
    return state.phase == "over"


def outcome(state: State) -> Outcome:
    if state.outcome is None:
        raise EngineError("illegal_action", "The deal is not over yet.")
    return state.outcome


def apply(state: State, seat: int, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Apply one action of ``seat``; raises :class:`EngineError` and leaves ``state`` as it was."""
    phase = state.phase
    if phase == "play":
        # The common case first: the player to act plays a card (same checks, in the same order).
        q = state.queue
        if q and q[0] == seat and action.do == "play" and not action.take_trump:
            core = state._play
            if core is not None:
                done = tricks.play(state, core, seat, action)
                if done is not None:
                    return done
            return play_card(state, seat, action)
    elif phase == "over":
        raise EngineError("deal_over", "This deal is over.")
    do = action.do
    if do not in _NAMES:
        raise EngineError("unknown_action", f"There is no action called {do!r}.")
    if do == "look":
        if not can_look(state, seat):
            raise EngineError("illegal_action", "You have no unseen cards to look at.")
        w = Work.of(state)
        seen = list(w.seen)
        seen[seat] = True
        w.seen = tuple(seen)
        if w.setup.hidden_dealer and seat == w.setup.dealer and w.round == 1:
            w.wrap_declined = True  # 5.5: looking declines the Zone 52 wrap
        return w.freeze(), (ev.shared(ev.Looked, seat),)
    q = state.queue
    if not q or q[0] != seat:
        who = q[0] if q else None
        raise EngineError("not_your_turn", f"It is not your turn; seat {who} is to act.")
    if action.take_trump and do != "five":
        raise EngineError("illegal_action", "Only a cut can take the trump card.")
    if phase == "play":
        return play_card(state, seat, action)
    # Bidding and exchange states always hold every field (only play states are compact).
    d = state.__dict__.copy()
    if do == "pass" and phase == "bid" and len(q) > 1 and d["need"] == "bid":
        # The commonest bid: a pass that is not final (step S, or step H where a cut may follow)
        # and leaves others to answer only moves the queue on (bidding._pass, in short).
        step = d["step"]
        setup = d["setup"]
        if not setup.hidden_dealer and (step == "S" or (step == "H" and setup.rules.five)):
            d["queue"] = q[1:]
            return from_dict(d), _PASSED[seat]
    w = EmptyWork()
    w.__dict__ = d
    out: list[Event] = []
    if phase == "bid":
        apply_bid(w, seat, action, out)
    else:
        apply_exchange(w, seat, action, out)
    w.__class__ = State  # type: ignore[assignment]  # the scratch copy becomes the new state
    return w, tuple(out)  # type: ignore[return-value]


class _Passed(dict[int, tuple[Event]]):
    """``(Declared(seat, "pass"),)`` by seat: the events of a plain pass, built once per seat."""

    def __missing__(self, seat: int) -> tuple[Event]:
        e = self[seat] = (ev.declared(seat, "pass"),)
        return e


_PASSED = _Passed()


def abandon(state: State) -> tuple[tuple[int, ...], int, tuple[Event, ...]]:
    """Drop an unfinished deal: holds go back to the stacks, antes stay in the bank."""
    if state.outcome is not None:
        return state.outcome.stacks, state.outcome.bank, ()
    stacks = list(state.stacks)
    out: list[Event] = []
    for seat, amount in enumerate(state.holds):
        if amount:
            stacks[seat] += amount
            out.append(ev.release(seat, amount))
    return tuple(stacks), state.bank, tuple(out)


def in_deal(state: State) -> tuple[int, ...]:
    """Seats that hold a status (5.8)."""
    return tuple(s for s, st in enumerate(state.status) if st not in NOT_IN_DEAL)
