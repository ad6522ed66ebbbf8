"""The play phase in compact form: tricks played without copying and rebuilding the whole state.

Most actions of a deal are plays, and during play only the hands, the played cards, the trick,
the queue and the trick counts change. So a play-phase state made by ``apply`` does not hold the
~35 fields of a State: its instance dict is ``{"_play": core, "phase": "play", "queue": queue}``,
with ``core = (ctx, held, trick, log, tricks, trick_no, leader, last_trick)``:

* ``ctx`` (a :class:`PlayContext`, one per deal, shared by its play states) keeps the fields of the
  full state the compact form started from (``base``);
* ``held`` has bit ``8 * seat + j`` set while ``seat`` still holds ``base.hands[seat][j]``, so a
  play is one exclusive-or and a hand keeps its order;
* ``log`` links the cards played since ``base``, newest first: ``(entry, (entry, (..., None)))``.

The state after the last trick is settled on the full fields but keeps ``hands`` and ``played`` in
the core too (nobody playing through a table asks for them).

Reading a field that is not in the instance dict (``state.hands``, ``state_to_json``, ``observe``,
``==``) calls ``CompactState.__getattr__``, which fills in every missing field once with
:func:`fill` and makes the object a plain State: its value never changes, only what is cached on
it. ``apply``, ``legal_actions``, ``to_act`` and ``is_over`` use the core and the two plain fields
directly.

A deal is played this way only when every player's cards are seen (so ``look`` is never legal) and
no hand holds more than eight cards. Under the Student joker (5.9) plays go through
:func:`play_joker_rules` and :func:`legal_joker_rules`, so the common road pays one flag test for it.
An illegal play goes through the full state (``play.py``), which has the exact refusals.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from . import events as ev
from ._base import NOT_IN_DEAL, ring
from .actions import PLAY, PLAY_JOKER, PLAY_SEVEN, Action
from .cards import RANK, SUIT
from .events import Event
from .settle import finish_played
from .state import PLAY_CORE, CompactState, State, Work

STRIDE = 8  # bits per seat in ``held``: hands in play never exceed 8 cards
JOKER = "7S"  # Student 5.9 (play.JOKER)
HAND_BITS = (1 << STRIDE) - 1

Entry = tuple[int, str, bool]


_PLAY_OF = PLAY.__getitem__
_SUIT_OF = SUIT.__getitem__


class _SuitBits(dict[str, dict[str, int]]):
    """The suit bits of a hand by its suits in hand order ("SHS" -> {"S": 0b101, "H": 0b010}): bit j
    set in entry ``s`` when card j of the hand is of suit ``s`` (shared: never changed). At most
    4 ** 8 hands' worth, and far fewer in practice (most hands are 4 or 5 cards); a dict with
    ``__missing__``, so that a hit is a C-level lookup from ``map`` (no Python call per seat)."""

    __slots__ = ()

    def __missing__(self, suits: str) -> dict[str, int]:
        bits: dict[str, int] = {}
        for j, suit in enumerate(suits):
            bits[suit] = bits.get(suit, 0) | 1 << j
        self[suits] = bits
        return bits


_SUIT_BITS = _SuitBits()
_NO_SUITS = _SUIT_BITS[""]


class PlayContext:
    """What stays fixed while the tricks of one deal are played (see the module docstring)."""

    __slots__ = ("base", "hands", "joker", "jokers", "plays", "status", "suits", "total", "trump")

    def __init__(self, base: dict[str, Any]) -> None:
        self.base = base
        self.hands: tuple[tuple[str, ...], ...] = base["hands"]
        self.trump: str = base["trump"]
        self.total: int = base["setup"].rules.hand_size
        self.status: tuple[str, ...] = base["status"]
        # Per seat: the play of each card of his hand, and the hand's cards of each suit as bits.
        # Seats out of the deal hold nothing and share the empty entries (never changed).
        # A hand of four cards (every preset's but Khrap-5's and Named-5's) is unpacked and looked
        # up card by card: a map object per hand and field costs more than the lookups themselves.
        plays: list[tuple[Action, ...]] = []
        suits: list[dict[str, int]] = []
        play_of = PLAY
        suit_of = SUIT
        for hand in self.hands:
            if not hand:
                plays.append(())
                suits.append(_NO_SUITS)
            elif len(hand) == 4:
                a, b, c, d = hand
                plays.append((play_of[a], play_of[b], play_of[c], play_of[d]))
                suits.append(_SUIT_BITS[suit_of[a] + suit_of[b] + suit_of[c] + suit_of[d]])
            else:
                plays.append(tuple(map(_PLAY_OF, hand)))
                suits.append(_SUIT_BITS["".join(map(_SUIT_OF, hand))])
        self.plays = plays
        self.suits = suits
        # Student: the 7S's bit in each seat's hand (0 where the seat does not hold it).
        self.joker: bool = base["setup"].rules.joker
        self.jokers: list[int] = (
            [1 << h.index(JOKER) if JOKER in h else 0 for h in self.hands] if self.joker else []
        )



class _Rotations(dict[tuple[int, tuple[str, ...]], tuple[int, ...]]):
    """``ROTATIONS[leader, statuses]``: the players of a trick led by ``leader``, clockwise from him
    (the seats with a status). Shared by every deal: there are few (leader, statuses) pairs, and a
    deal's three or four tricks mostly have different leaders, so a cache per deal rarely hit."""

    __slots__ = ()

    def __missing__(self, key: tuple[int, tuple[str, ...]]) -> tuple[int, ...]:
        if len(self) >= 4096:  # statuses of up to 12 seats: bounded all the same
            self.clear()
        leader, status = key
        order = self[key] = tuple([s for s in ring(leader, len(status)) if status[s] not in NOT_IN_DEAL])
        return order


ROTATIONS = _Rotations()


class _Building:
    """A State's layout without its frozen guard: given its instance dict, then made a State by its
    class. The dict is assigned whole rather than filled in attribute by attribute: an object whose
    attributes were stored one by one keeps them in its first class's inline layout, and after the
    class changes CPython 3.11 no longer specialises reading them (``state.phase``, ``state.queue``
    cost about four times as much, and they are read several times per play)."""


#: ``held`` with every card of every hand still held, by the hands' sizes.
_HELD: dict[tuple[int, ...], int] = {}


def core_of(fields: dict[str, Any]) -> tuple | None:
    """The compact core of a full play-phase state's fields, or None when it must stay full."""
    if fields["need"] != "play":
        return None
    hands = fields["hands"]
    seen = fields["seen"]
    if False in seen:
        status = fields["status"]
        for seat, hand in enumerate(hands):
            if hand and not seen[seat] and status[seat] not in ("out", "pass"):
                return None  # ``look`` would be legal: leave it to the full state
    sizes = tuple(map(len, hands))
    held = _HELD.get(sizes)
    if held is None:
        if max(sizes) > STRIDE:
            return None
        held = _HELD[sizes] = sum(((1 << size) - 1) << (STRIDE * seat) for seat, size in enumerate(sizes))
    return (
        PlayContext(fields),
        held,
        fields["trick"],
        None,
        fields["tricks"],
        fields["trick_no"],
        fields["leader"],
        fields["last_trick"],
    )


def fill(core: tuple, d: dict[str, Any]) -> None:
    """Add to ``d`` (a compact state's instance dict) every field it lacks."""
    ctx, held, trick, log, tricks, trick_no, leader, last_trick = core
    hands = []
    for seat, hand in enumerate(ctx.hands):
        bits = held >> (STRIDE * seat)
        hands.append(tuple([card for j, card in enumerate(hand) if bits >> j & 1]))
    entries: list[Entry] = []
    while log is not None:
        entries.append(log[0])
        log = log[1]
    played = list(ctx.base["played"])
    for seat, card, _joker in reversed(entries):
        played[seat] = (*played[seat], card)
    derived = {
        "hands": tuple(hands),
        "played": tuple(played),
        "trick": trick,
        "last_trick": last_trick,
        "tricks": tricks,
        "trick_no": trick_no,
        "leader": leader,
    }
    for name, value in ctx.base.items():
        if name not in d:
            d[name] = derived.get(name, value)


def _picker(bits: int) -> itemgetter:
    """What ``PICK[bits]`` holds: a slice where the positions are consecutive (the common case, and
    the one that also gives a tuple for a single card), else the positions one by one."""
    positions = [j for j in range(STRIDE) if bits >> j & 1]
    if not positions or positions == list(range(positions[0], positions[-1] + 1)):
        lo = positions[0] if positions else 0
        return itemgetter(slice(lo, lo + len(positions)))
    return itemgetter(*positions)


#: ``PICK[bits](hand)``: the entries of ``hand`` at the positions set in ``bits``, as a tuple
#: (an ``itemgetter`` does it in C, about twice as fast as ``compress``).
PICK = [_picker(bits) for bits in range(1 << STRIDE)]


class _PlayedAlone(dict[str, tuple[Event]]):
    """``(Played(seat, card),)`` by card for one seat: the events of a play that ends no trick."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def __missing__(self, card: str) -> tuple[Event]:
        e = self[card] = (ev.played(self.seat, card, None),)
        return e


class _PlayedBySeat(dict[int, _PlayedAlone]):
    def __missing__(self, seat: int) -> _PlayedAlone:
        e = self[seat] = _PlayedAlone(seat)
        return e


#: ``PLAYED_ALONE[seat][card]``: shared, so a plain play allocates no event and no tuple for it.
PLAYED_ALONE = _PlayedBySeat()


def play(state: State, core: tuple, seat: int, action: Action) -> tuple[State, tuple[Event, ...]] | None:
    """``seat``, who is to act, plays ``action`` (a "play" without "as"); None if that is not a plain
    legal play (the full state then answers, refusal included)."""
    ctx = core[0]
    if ctx.joker:
        return play_joker_rules(state, core, seat, action)
    card = action.card
    hand = ctx.hands[seat]
    try:
        bit = 1 << (STRIDE * seat + hand.index(card))  # type: ignore[arg-type]
    except ValueError:
        return None
    held = core[1]
    if not held & bit or action.as_ is not None:
        return None
    trick = core[2]
    if trick:
        led = SUIT[trick[0][1]]
        suit = SUIT[card]  # type: ignore[index]
        if suit != led:
            # 4.5: a card of the led suit, or a trump, must come first if the hand holds one.
            suits = ctx.suits[seat]
            mine = held >> (STRIDE * seat)
            if mine & suits.get(led, 0) or (suit != ctx.trump and mine & suits.get(ctx.trump, 0)):
                return None
    entry = (seat, card, False)
    trick = trick + (entry,)  # noqa: RUF005 - cheaper than unpacking into a new tuple
    log = (entry, core[3])
    alone = PLAYED_ALONE[seat][card]
    queue = state.queue
    held ^= bit
    if len(queue) > 1:
        # _mid_trick, inline: most plays end here, and a call costs as much as what it does.
        s = _Building()
        s.__dict__ = {
            "_play": (ctx, held, trick, log, core[4], core[5], core[6], core[7]),
            "phase": "play",
            "queue": queue[1:],
        }
        s.__class__ = CompactState  # type: ignore[assignment]
        return s, alone  # type: ignore[return-value]
    return _trick_end(ctx, core, held, trick, log, alone[0], winner_without_joker(trick, ctx.trump))


def _mid_trick(ctx: PlayContext, held: int, trick: tuple, log: tuple, core: tuple, queue: tuple) -> State:
    """The state after a card that does not end the trick: the next seat in ``queue`` plays."""
    s = _Building()
    s.__dict__ = {
        "_play": (ctx, held, trick, log, core[4], core[5], core[6], core[7]),
        "phase": "play",
        "queue": queue[1:],
    }
    s.__class__ = CompactState  # type: ignore[assignment]
    return s  # type: ignore[return-value]


def _trick_end(
    ctx: PlayContext, core: tuple, held: int, trick: tuple, log: tuple, event: Event, winner: int
) -> tuple[State, tuple[Event, ...]]:
    """The last card of a trick is down (``event``): ``winner`` takes it and leads the next, or the
    play is over. Once a trick, so a call here costs nothing the plays would notice."""
    counts = list(core[4])
    counts[winner] += 1
    tricks = tuple(counts)
    no = core[5] + 1
    won = ev.TRICK_WON[winner, no]
    if no < ctx.total:
        order = ROTATIONS[winner, ctx.status]
        s = _Building()
        s.__dict__ = {
            "_play": (ctx, held, (), log, tricks, no, winner, trick),
            "phase": "play",
            "queue": order,
        }
        s.__class__ = CompactState  # type: ignore[assignment]
        return s, (event, won)  # type: ignore[return-value]
    return _last(ctx, (ctx, held, (), log, tricks, no, core[6], trick), [event, won])


def _last(ctx: PlayContext, core: tuple, out: list[Event]) -> tuple[State, tuple[Event, ...]]:
    """The last trick is over: settle on the full fields; hands and played stay in the core."""
    w = Work.adopt(ctx.base.copy())
    w.trick = ()
    w.last_trick = core[7]
    w.tricks = core[4]
    w.trick_no = core[5]
    w.leader = core[6]
    w.queue = ()
    finish_played(w, out)
    d = w.__dict__
    del d["hands"], d["played"]
    d[PLAY_CORE] = core
    w.__class__ = CompactState  # type: ignore[assignment]  # the scratch copy becomes the new state
    return w, tuple(out)  # type: ignore[return-value]


def winner_without_joker(trick: tuple[Entry, ...], trump: str) -> int:
    """4.5 without a joker: the highest trump, else the highest card of the led suit."""
    best_seat, card, _joker = trick[0]
    best_suit = SUIT[card]
    best_rank = RANK[card]
    for seat, card, _joker in trick[1:]:
        suit = SUIT[card]
        if suit == best_suit:
            if RANK[card] > best_rank:
                best_seat = seat
                best_rank = RANK[card]
        elif suit == trump:  # the first trump on a trick led in another suit
            best_seat = seat
            best_suit = suit
            best_rank = RANK[card]
    return best_seat


def legal_joker_rules(core: tuple, seat: int) -> list[Action]:
    """``legal_plays`` under the Student joker (play._joker_plays on the core): a led joker asks
    for a trump; the 7S is offered as the joker, and as a seven where a seven may be played."""
    ctx = core[0]
    bits = core[1] >> (STRIDE * seat) & HAND_BITS
    allowed = bits
    trick = core[2]
    if trick:
        suits = ctx.suits[seat]
        trumps = bits & suits.get(ctx.trump, 0)
        # A led joker asks for a trump (5.9), any other lead for its suit first.
        allowed = (
            (trumps or bits) if trick[0][2] else (bits & suits.get(SUIT[trick[0][1]], 0) or trumps or bits)
        )
    jbit = ctx.jokers[seat] & bits
    if not jbit:
        return list(PICK[allowed](ctx.plays[seat]))
    acts = list(PICK[allowed & ~jbit](ctx.plays[seat]))
    acts.append(PLAY_JOKER)
    if allowed & jbit:
        acts.append(PLAY_SEVEN)
    return acts


def play_joker_rules(
    state: State, core: tuple, seat: int, action: Action
) -> tuple[State, tuple[Event, ...]] | None:
    """:func:`play` under the Student joker (5.9); None where the full state must answer."""
    ctx = core[0]
    card = action.card
    hand = ctx.hands[seat]
    try:
        bit = 1 << (STRIDE * seat + hand.index(card))  # type: ignore[arg-type]
    except ValueError:
        return None
    held = core[1]
    if not held & bit:
        return None
    as_ = action.as_
    joker = False
    if card == JOKER:
        if as_ != "joker" and as_ != "seven":
            return None
        joker = as_ == "joker"
    elif as_ is not None:
        return None
    trick = core[2]
    if trick and not joker:
        suit = SUIT[card]  # type: ignore[index]
        suits = ctx.suits[seat]
        mine = held >> (STRIDE * seat)
        trump = ctx.trump
        if trick[0][2]:  # a led joker asks for a trump
            if suit != trump and mine & suits.get(trump, 0):
                return None
        else:
            led = SUIT[trick[0][1]]
            if suit != led and (mine & suits.get(led, 0) or (suit != trump and mine & suits.get(trump, 0))):
                return None
    entry = (seat, card, joker)
    trick = trick + (entry,)  # noqa: RUF005 - cheaper than unpacking into a new tuple
    log = (entry, core[3])
    event = ev.played(seat, card, as_)  # type: ignore[arg-type]
    queue = state.queue
    held ^= bit
    if len(queue) > 1:
        return _mid_trick(ctx, held, trick, log, core, queue), (event,)
    winner = -1
    for who, _card, as_joker in trick:
        if as_joker:  # the joker takes the trick
            winner = who
            break
    if winner < 0:
        winner = winner_without_joker(trick, ctx.trump)
    return _trick_end(ctx, core, held, trick, log, event, winner)
