"""The immutable state of one deal, and its exact JSON round trip.

A ``State`` is a frozen dataclass of ints, strings, booleans and tuples. It is deliberately
flat: ``apply`` builds the next state by copying the field dict once into a scratch
:class:`Work`, changing a few entries, and turning the scratch object itself into the new State
(see :meth:`Work.freeze`), which is much cheaper than ``dataclasses.replace`` with ~35 fields.

States of the play phase made by ``apply`` are *compact* (see ``tricks.py``): their instance dict
holds a small core, ``phase`` and ``queue``, and :class:`CompactState` fills in every other field
on first read. Their value (fields, ``==``, JSON) is the same as a full state's; code that needs the
field dict itself calls :func:`fields_of`.

Per-seat tuples are indexed by seat. Status strings: ``""`` dealt in and not yet committed
(passed in step S or H, still to be asked), ``"out"`` sat the deal out, ``"pass"`` a final pass,
otherwise a status of RULES.md section 5.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from .rules import Rules


@dataclass(frozen=True)
class Setup:
    """What is fixed when the deal starts."""

    rules: Rules
    stake: int
    seats: int
    dealer: int
    deck: tuple[str, ...]
    redeal: bool
    waiting: tuple[int, ...]
    dealt: tuple[int, ...]  # seats dealt in, in dealing order (dealer+1 ... dealer)
    antes: tuple[int, ...]  # chips each seat anted at the start
    start_stacks: tuple[int, ...]  # before the antes
    start_bank: int
    first_trump: str | None
    hidden_dealer: bool  # Zone 52: the first trump card is an ace, dealer's hand face down


@dataclass(frozen=True)
class Outcome:
    """The result of a finished deal (the SCENARIOS.md per-deal entry, plus the stacks)."""

    result: str  # played | redeal | instant_win
    trump: str | None
    statuses: tuple[str, ...]
    tricks: tuple[int, ...]
    payouts: tuple[int, ...]
    penalties: tuple[int, ...]
    bank: int
    next_dealer: int
    stacks: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "trump": self.trump,
            "statuses": list(self.statuses),
            "tricks": list(self.tricks),
            "payouts": list(self.payouts),
            "penalties": list(self.penalties),
            "bank": self.bank,
            "next_dealer": self.next_dealer,
        }


@dataclass(frozen=True)
class State:
    setup: Setup
    phase: str  # bid | exchange | play | over
    step: str  # S | H | F during bidding, else ""
    round: int  # trump round, 1-based
    queue: tuple[int, ...]  # seats still to answer in this step / phase; queue[0] is to act
    need: str  # what queue[0] must do: bid | discard | exchange | shoot | play
    need_n: int  # cards to discard when need == "discard"
    stacks: tuple[int, ...]
    holds: tuple[int, ...]
    bank: int
    b0: int
    hands: tuple[tuple[str, ...], ...]
    seen: tuple[bool, ...]
    status: tuple[str, ...]
    declared: tuple[str, ...]  # the status each seat said (a displaced snorer keeps "snore")
    snorer: int  # -1 while there is none
    interrupted: bool
    wrap_declined: bool
    trump_card: str | None  # face up on the table; None once taken into a hand
    trump: str
    trump_suits: str  # suits that have been trump in this deal
    turned: tuple[str, ...]  # old trump cards, out of play
    stock_top: int  # the stock is deck[stock_top:stock_end]
    stock_end: int
    promised: int  # stock cards promised to five-takers / a shooter who have not drawn yet
    cut_trump: int  # Frap: the cutter who will take the trump card as one of his cards, else -1
    discards: tuple[str, ...]
    leader: int
    trick: tuple[tuple[int, str, bool], ...]  # (seat, card, as joker)
    last_trick: tuple[tuple[int, str, bool], ...]
    tricks: tuple[int, ...]
    trick_no: int
    played: tuple[tuple[str, ...], ...]
    outcome: Outcome | None

    #: The core of a compact play-phase state (tricks.py), in its instance dict; None otherwise.
    _play = None

    def __eq__(self, other: object) -> bool:
        # The dataclass's own comparison, except that a CompactState is a State like any other.
        if not isinstance(other, State):
            return NotImplemented
        return _values(self) == _values(other)


class CompactState(State):
    """A compact play-phase state (see tricks.py): its instance dict holds the core, ``phase`` and
    ``queue`` (and, after the last trick, every field but ``hands`` and ``played``).

    Reading a missing field fills in every field once and turns the object into a plain State.
    The missing fields are class-level :class:`_Unfilled` descriptors rather than a ``__getattr__``
    hook: a class with ``__getattr__`` makes every attribute read of its instances take CPython's
    slow road, even of ``phase`` and ``queue``, which are read at every play.
    """

    __slots__ = ()

    def __repr__(self) -> str:
        self._complete()
        return State.__repr__(self)

    def _complete(self) -> None:
        from .tricks import fill

        fill(self.__dict__[PLAY_CORE], self.__dict__)
        _set(self, "__class__", State)


class _Unfilled:
    """A field of a compact state that is not in its instance dict yet (a non-data descriptor: once
    the field is in the instance dict, the dict answers and this is never asked again)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, obj: CompactState | None, owner: type | None = None) -> Any:
        if obj is None:
            raise AttributeError(self.name)
        obj._complete()
        return obj.__dict__[self.name]


#: The fields of a State, in order (the order of ``state_to_json``).
STATE_FIELDS = tuple(f.name for f in dataclasses.fields(State))
_STATE_FIELDS = STATE_FIELDS
_SETUP_FIELDS = dataclasses.fields(Setup)
_FIELD_NAMES = frozenset(STATE_FIELDS)
_values = attrgetter(*STATE_FIELDS)
for _name in STATE_FIELDS:
    if _name not in ("phase", "queue"):  # always in a compact state's instance dict
        setattr(CompactState, _name, _Unfilled(_name))
#: The instance-dict key of a compact play-phase state's core (see tricks.py).
PLAY_CORE = "_play"


def fields_of(state: State) -> dict[str, Any]:
    """A fresh dict of the state's fields, in field order for a compact state, ready to be changed."""
    d = state.__dict__
    core = d.get(PLAY_CORE)
    if core is not None:
        from .tricks import fill

        fill(core, d)
        return {name: d[name] for name in _STATE_FIELDS}
    return d.copy()


def evolve(state: State, changes: dict[str, Any]) -> State:
    """A copy of ``state`` with some fields changed, without running ``__init__``."""
    d = fields_of(state)
    d.update(changes)
    return from_dict(d)


_set = object.__setattr__


def from_dict(d: dict[str, Any]) -> State:
    """The State whose fields are ``d`` (taken over, not copied)."""
    new = _Blank()
    new.__dict__ = d
    new.__class__ = State  # type: ignore[assignment]
    return new  # type: ignore[return-value]


class _Blank:
    """An empty object of a State's layout, made by a plain call of its class: ``object.__new__(cls)``
    is a builtin called through its argument checks, about 600 machine instructions dearer. It is
    given its dict whole and then its class (a State, a Work, an Outcome, a Setup), never stored
    into attribute by attribute (see ``tricks._Building``)."""


def blank(cls: type, fields: dict[str, Any]) -> Any:
    """An instance of ``cls`` (a plain class or a frozen dataclass) whose fields are ``fields``."""
    obj = _Blank()
    obj.__dict__ = fields
    obj.__class__ = cls
    return obj


def make_outcome(
    result: str,
    trump: str | None,
    statuses: tuple[str, ...],
    tricks: tuple[int, ...],
    payouts: tuple[int, ...],
    penalties: tuple[int, ...],
    bank: int,
    next_dealer: int,
    stacks: tuple[int, ...],
) -> Outcome:
    """``Outcome(...)`` without the frozen dataclass's field-by-field ``__init__`` (a third of the
    cost of settling a deal)."""
    o = _Blank()
    o.__dict__ = {
        "result": result,
        "trump": trump,
        "statuses": statuses,
        "tricks": tricks,
        "payouts": payouts,
        "penalties": penalties,
        "bank": bank,
        "next_dealer": next_dealer,
        "stacks": stacks,
    }
    o.__class__ = Outcome  # type: ignore[assignment]
    return o  # type: ignore[return-value]


class Work:
    """A mutable scratch copy of a state's fields, used inside one ``apply`` call.

    It has the layout of a ``State`` (a plain object with a ``__dict__``), so :meth:`freeze` turns
    the scratch copy itself into the new state by changing its class: no second copy is made.
    """

    def __init__(self, state: State) -> None:
        self.__dict__.update(fields_of(state))

    @staticmethod
    def of(state: State) -> Work:
        """The scratch copy of ``state`` (the cheap way: one dict copy, no ``__init__``)."""
        w = EmptyWork()
        w.__dict__ = fields_of(state)
        return w

    @staticmethod
    def adopt(fields: dict[str, Any]) -> Work:
        """A Work over ``fields`` itself (already a private copy): no second copy is made."""
        w = EmptyWork()
        w.__dict__ = fields
        return w

    def freeze(self) -> State:
        """The new state: this object, now a ``State``; it must not be changed afterwards."""
        self.__class__ = State  # type: ignore[assignment]
        return self  # type: ignore[return-value]


class EmptyWork(Work):
    """A Work made by a plain call of its class, without ``Work.__init__`` (see :class:`_Blank`)."""

    __slots__ = ()
    __init__ = object.__init__  # type: ignore[assignment]


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Rules):
        return value.to_json()
    if isinstance(value, Setup | Outcome):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def state_to_json(state: State, *, rules: bool = True) -> dict[str, Any]:
    """A JSON-able dict (survives json.dumps/json.loads) that :func:`state_from_json` reverses.
    ``rules=False``: the setup without its rules (a stored snapshot's, whose rules live on the table),
    not written out only to be thrown away at every move (issue 12)."""
    if rules:
        return {name: _plain(getattr(state, name)) for name in _STATE_FIELDS}
    setup = state.setup
    return {
        name: {f.name: _plain(getattr(setup, f.name)) for f in _SETUP_FIELDS if f.name != "rules"}
        if name == "setup"
        else _plain(getattr(state, name))
        for name in _STATE_FIELDS
    }


#: Fields added after states may have been stored: their value in a state that predates them.
_ADDED_FIELDS: dict[str, Any] = {"cut_trump": -1}


def state_from_json(data: dict[str, Any]) -> State:
    d = {name: _tupled(data[name] if name in data else _ADDED_FIELDS[name]) for name in _STATE_FIELDS}
    setup = {k: _tupled(v) for k, v in data["setup"].items()}
    setup["rules"] = Rules.from_json(data["setup"]["rules"])
    d["setup"] = Setup(**setup)
    if data["outcome"] is not None:
        d["outcome"] = Outcome(**{k: _tupled(v) for k, v in data["outcome"].items()})
    return State(**d)
