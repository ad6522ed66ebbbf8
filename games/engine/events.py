"""What happened, as small frozen records: pages, logs, the ledger and stats read these.

Only public facts are in events: draws and discards carry counts, never the cards.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


class _Event:
    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": type(self).__name__}
        for f in fields(self):  # type: ignore[arg-type]
            v = getattr(self, f.name)
            out[f.name.rstrip("_")] = list(v) if isinstance(v, tuple) else v
        return out


@dataclass(frozen=True, slots=True)
class DealStarted(_Event):
    dealer: int
    seats: tuple[int, ...]  # dealt in, in dealing order


@dataclass(frozen=True, slots=True)
class ChipsMoved(_Event):
    """One chip movement of RULES.md 6.8; ``src``/``dst`` are ``stack:<seat>``, ``hold:<seat>``, ``bank``."""

    kind: str  # ante | hold | release | penalty | payout
    src: str
    dst: str
    amount: int


@dataclass(frozen=True, slots=True)
class TrumpTurned(_Event):
    card: str


@dataclass(frozen=True, slots=True)
class TrumpNamed(_Event):
    """``trump_source = named`` (4.3): the snorer names the trump suit after the exchange."""

    seat: int
    suit: str


@dataclass(frozen=True, slots=True)
class Looked(_Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Declared(_Event):
    seat: int
    status: str  # a status name, or "pass"


@dataclass(frozen=True, slots=True)
class StatusChanged(_Event):
    """A status the player did not say himself: forced helper, displaced snorer, final pass."""

    seat: int
    status: str


@dataclass(frozen=True, slots=True)
class Drew(_Event):
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class Discarded(_Event):
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class TookTrumpCard(_Event):
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Played(_Event):
    seat: int
    card: str
    as_: str | None = None


@dataclass(frozen=True, slots=True)
class TrickWon(_Event):
    seat: int
    trick_no: int  # 1-based


@dataclass(frozen=True, slots=True)
class InstantWin(_Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Redeal(_Event):
    pass


@dataclass(frozen=True, slots=True)
class DealOver(_Event):
    result: str


Event = _Event

# Events are frozen values, so equal events can be one shared object. Building a frozen dataclass
# costs about half a microsecond, as much as a whole play step should; the engine therefore asks
# these interning tables (or the functions over them), which build each distinct event once. The
# chip table is bounded (amounts are unbounded); the others hold at most seats x cards x a few kinds.
_MAX_CHIPS = 8192


class _Chips(dict[tuple[str, int, int], ChipsMoved]):
    """The shared ChipsMoved events by (kind, seat, amount); a miss builds one (bounded: amounts
    are unbounded). Hot paths subscript ``CHIPS`` directly: a hit is then a C-level lookup, with
    no Python call."""

    __slots__ = ()

    def __missing__(self, key: tuple[str, int, int]) -> ChipsMoved:
        if len(self) >= _MAX_CHIPS:
            self.clear()
        kind, seat, amount = key
        src, dst = _ENDS[kind]
        e = self[key] = ChipsMoved(kind, src.format(seat), dst.format(seat), amount)
        return e


CHIPS = _chips = _Chips()


_ENDS = {
    "ante": ("stack:{}", "bank"),
    "hold": ("stack:{}", "hold:{}"),
    "release": ("hold:{}", "stack:{}"),
    "penalty": ("hold:{}", "bank"),
    "payout": ("bank", "stack:{}"),
}


def ante(seat: int, amount: int) -> ChipsMoved:
    return _chips["ante", seat, amount]


def hold(seat: int, amount: int) -> ChipsMoved:
    return _chips["hold", seat, amount]


def release(seat: int, amount: int) -> ChipsMoved:
    return _chips["release", seat, amount]


def penalty(seat: int, amount: int) -> ChipsMoved:
    return _chips["penalty", seat, amount]


def payout(seat: int, amount: int) -> ChipsMoved:
    return _chips["payout", seat, amount]


_shared: dict[tuple, _Event] = {}


def shared(cls: type, *args: object) -> _Event:
    """The one instance of ``cls(*args)`` (for the small event kinds: seat, card, count, status)."""
    key = (cls, *args)
    e = _shared.get(key)
    if e is None:
        e = _shared[key] = cls(*args)
    return e


class _Interned(dict[tuple[Any, ...], _Event]):
    """The shared events of one kind by their fields; a miss builds one. Hot paths subscript these
    tables (``DECLARED[seat, status]``) rather than call the functions below: a hit is then a
    C-level lookup, with no Python call (a few dozen per deal)."""

    __slots__ = ("make",)

    def __init__(self, make: type) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: tuple[Any, ...]) -> _Event:
        e = self[key] = self.make(*key)
        return e


_declared = DECLARED = _Interned(Declared)
_drew = DREW = _Interned(Drew)
_discarded = DISCARDED = _Interned(Discarded)


def declared(seat: int, status: str) -> Declared:
    return _declared[seat, status]


def drew(seat: int, count: int) -> Drew:
    return _drew[seat, count]


def discarded(seat: int, count: int) -> Discarded:
    return _discarded[seat, count]


#: The shared Played events by (seat, card, as_); the play path reads it directly.
played_events: dict[tuple[int, str, str | None], Played] = {}


def played(seat: int, card: str, as_: str | None) -> Played:
    key = (seat, card, as_)
    e = played_events.get(key)
    if e is None:
        e = played_events[key] = Played(seat, card, as_)
    return e


_trick_won = TRICK_WON = _Interned(TrickWon)


def trick_won(seat: int, trick_no: int) -> TrickWon:
    return _trick_won[seat, trick_no]
