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


def ante(seat: int, amount: int) -> ChipsMoved:
    return ChipsMoved("ante", f"stack:{seat}", "bank", amount)


def hold(seat: int, amount: int) -> ChipsMoved:
    return ChipsMoved("hold", f"stack:{seat}", f"hold:{seat}", amount)


def release(seat: int, amount: int) -> ChipsMoved:
    return ChipsMoved("release", f"hold:{seat}", f"stack:{seat}", amount)


def penalty(seat: int, amount: int) -> ChipsMoved:
    return ChipsMoved("penalty", f"hold:{seat}", "bank", amount)


def payout(seat: int, amount: int) -> ChipsMoved:
    return ChipsMoved("payout", "bank", f"stack:{seat}", amount)
