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
# these interning constructors, which build each distinct event once. The chip caches are bounded
# (amounts are unbounded); the others hold at most seats x cards x a few kinds.
_MAX_CHIPS = 8192
_chips: dict[tuple[str, int, int], ChipsMoved] = {}


def _moved(kind: str, seat: int, amount: int) -> ChipsMoved:
    key = (kind, seat, amount)
    e = _chips.get(key)
    if e is None:
        if len(_chips) >= _MAX_CHIPS:
            _chips.clear()
        src, dst = _ENDS[kind]
        e = _chips[key] = ChipsMoved(kind, src.format(seat), dst.format(seat), amount)
    return e


_ENDS = {
    "ante": ("stack:{}", "bank"),
    "hold": ("stack:{}", "hold:{}"),
    "release": ("hold:{}", "stack:{}"),
    "penalty": ("hold:{}", "bank"),
    "payout": ("bank", "stack:{}"),
}


def ante(seat: int, amount: int) -> ChipsMoved:
    e = _chips.get(("ante", seat, amount))
    return e if e is not None else _moved("ante", seat, amount)


def hold(seat: int, amount: int) -> ChipsMoved:
    e = _chips.get(("hold", seat, amount))
    return e if e is not None else _moved("hold", seat, amount)


def release(seat: int, amount: int) -> ChipsMoved:
    e = _chips.get(("release", seat, amount))
    return e if e is not None else _moved("release", seat, amount)


def penalty(seat: int, amount: int) -> ChipsMoved:
    e = _chips.get(("penalty", seat, amount))
    return e if e is not None else _moved("penalty", seat, amount)


def payout(seat: int, amount: int) -> ChipsMoved:
    e = _chips.get(("payout", seat, amount))
    return e if e is not None else _moved("payout", seat, amount)


_shared: dict[tuple, _Event] = {}


def shared(cls: type, *args: object) -> _Event:
    """The one instance of ``cls(*args)`` (for the small event kinds: seat, card, count, status)."""
    key = (cls, *args)
    e = _shared.get(key)
    if e is None:
        e = _shared[key] = cls(*args)
    return e


_declared: dict[tuple[int, str], Declared] = {}
_drew: dict[tuple[int, int], Drew] = {}
_discarded: dict[tuple[int, int], Discarded] = {}


def declared(seat: int, status: str) -> Declared:
    key = (seat, status)
    e = _declared.get(key)
    if e is None:
        e = _declared[key] = Declared(seat, status)
    return e


def drew(seat: int, count: int) -> Drew:
    key = (seat, count)
    e = _drew.get(key)
    if e is None:
        e = _drew[key] = Drew(seat, count)
    return e


def discarded(seat: int, count: int) -> Discarded:
    key = (seat, count)
    e = _discarded.get(key)
    if e is None:
        e = _discarded[key] = Discarded(seat, count)
    return e


#: The shared Played events by (seat, card, as_); the play path reads it directly.
played_events: dict[tuple[int, str, str | None], Played] = {}


def played(seat: int, card: str, as_: str | None) -> Played:
    key = (seat, card, as_)
    e = played_events.get(key)
    if e is None:
        e = played_events[key] = Played(seat, card, as_)
    return e


_trick_won: dict[tuple[int, int], TrickWon] = {}


def trick_won(seat: int, trick_no: int) -> TrickWon:
    key = (seat, trick_no)
    e = _trick_won.get(key)
    if e is None:
        e = _trick_won[key] = TrickWon(seat, trick_no)
    return e
