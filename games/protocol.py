"""What a table socket (or the page's plain form) may send, parsed into typed messages.

A browser sends form values (strings) through htmx's ``ws-send`` and a script may send JSON numbers,
so both spellings are read; anything else is refused with a reason, before any service is called.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from club.confusables import invisible_characters
from club.models import INVISIBLE_MESSAGE

from .engine import ACTION_NAMES, Action, EngineError
from .engine.cards import RANK
from .services.errors import TableError

# "time": the page asks the table's clock, to count the turn to the table's deadline.
COMMANDS = ("away", "back", "sync", "leave", "time")
_MAX_CARDS = 12
_KEYS = frozenset(
    {
        "do",
        "seq",
        "deal",
        "buy_in",
        "value",
        "commitment",
        "reason",
        "cards",
        "card",
        "position",
        "seat",
        "suit",
        "as",
        "take_trump",
        "HEADERS",
        "csrfmiddlewaretoken",  # the plain-form fallback's; a socket is checked by its origin instead
        *(f"from_{i}" for i in range(1, _MAX_CARDS + 1)),
        "from",
    }
)


@dataclass(frozen=True)
class Act:
    action: Action
    seq: int
    deal: int  # the deal whose view the move was made on


@dataclass(frozen=True)
class Command:
    name: str


@dataclass(frozen=True)
class Sit:
    position: int  # 0-based
    buy_in: int


@dataclass(frozen=True)
class StandUp:
    """A manager stands a player up, with a reason."""

    position: int  # 0-based
    reason: str
    # The seat (its id) as the manager's page showed it: another player sat there since, and he is
    # not stood up for the one the manager meant (``table_stand_up``'s "seat_changed").
    seat_id: int | None = None


@dataclass(frozen=True)
class Contribute:
    value: str
    # The next deal's commitment as the browser saw it: a string that arrives after that deal was
    # dealt is refused, not filed under the deal after it (the browser remembered it for the first).
    commitment: str | None = None


@dataclass(frozen=True)
class SeatBot:
    """A manager seats a bot (``buy_in`` set) or stands one up (``buy_in`` None)."""

    position: int  # 0-based
    buy_in: int | None
    # Standing one up: the bot's seat (its id) as the manager's page showed it (``StandUp.seat_id``).
    seat_id: int | None = None


def _bad(problem: str) -> TableError:
    return TableError("bad_message", problem=problem)


#: The largest buy-in a message may carry: a table's own largest can be no more (``TableSessionForm``).
BUY_IN_HIGH = 10**15


def _small_int(value: Any, name: str, high: int) -> int:
    if isinstance(value, str) and value.isascii() and value.isdigit():
        # More digits than any bound here has: too large, and not worth reading.
        value = int(value) if len(value) <= 19 else high + 1
    if type(value) is not int or value < 0:
        raise _bad(_("“%(name)s” must be a whole number.") % {"name": name})
    if value > high:
        # A whole number all the same: "must be a whole number" of 10000000000000000 chips (a form
        # sent by hand) told him nothing of what was wrong.
        raise _bad(_("“%(name)s” must be at most %(high)s.") % {"name": name, "high": high})
    return value


def _text(value: Any, name: str, limit: int = 12) -> str:
    if not isinstance(value, str) or len(value) > limit or not value.isprintable():
        raise _bad(_("“%(name)s” is not valid.") % {"name": name})
    return value


def _position(data: Mapping[str, Any]) -> int:
    """The page shows seats 1..n; the services count from 0."""
    position = _small_int(data.get("position"), "position", 100)
    if position < 1:
        raise _bad(_("seats are counted from 1: there is no seat 0."))
    return position - 1


Message = Act | Command | Sit | SeatBot | Contribute | StandUp


def parse_message(data: Mapping[str, Any]) -> Message:
    if not isinstance(data, Mapping):
        raise _bad(_("a message is an object with a “do” field."))
    unknown = [k for k in data if k not in _KEYS]
    if unknown:
        raise _bad(_("unknown field “%(key)s”.") % {"key": str(unknown[0])[:20]})
    do = data.get("do")
    if do in COMMANDS:
        return Command(do)
    if do in ("sit", "bot"):
        # Named as the seat's form names it: the field's own name, "buy_in", was read in every
        # language by a player who typed 150.0 or 1e3 (a number field lets both through).
        position = _position(data)
        buy_in = _small_int(data.get("buy_in"), _("Chips to bring"), BUY_IN_HIGH)
        return (
            Sit(position=position, buy_in=buy_in)
            if do == "sit"
            else SeatBot(position=position, buy_in=buy_in)
        )
    if do == "standup":
        reason = data.get("reason")
        if not isinstance(reason, str) or not reason.strip() or len(reason) > 500 or "\x00" in reason:
            raise _bad(_("“reason” must be 1 to 500 characters."))
        if invisible_characters(reason, multiline=True, joined_emoji=True):
            raise _bad(str(INVISIBLE_MESSAGE))  # the player reads it: an override would turn it round
        seat = data.get("seat")
        seat_id = None if seat is None else _small_int(seat, "seat", 2**63 - 1)
        return StandUp(position=_position(data), reason=reason.strip(), seat_id=seat_id)
    if do == "contribute":
        value = data.get("value")
        if not isinstance(value, str) or not 0 < len(value) <= 64 or not value.isprintable():
            raise _bad(_("“value” must be 1 to 64 printable characters."))
        commitment = data.get("commitment")
        if commitment is not None and (
            not isinstance(commitment, str)
            or len(commitment) != 64
            or not commitment.isascii()
            or commitment.strip(string.hexdigits)
        ):
            raise _bad(_("“commitment” must be the 64 hexadecimal digits of the next deal’s commitment."))
        return Contribute(value=value, commitment=commitment.lower() if commitment else None)
    if do == "unbot":
        seat = data.get("seat")
        seat_id = None if seat in (None, "") else _small_int(seat, "seat", 2**63 - 1)
        return SeatBot(position=_position(data), buy_in=None, seat_id=seat_id)
    if not isinstance(do, str) or do not in ACTION_NAMES:
        raise _bad(_("unknown action."))
    if "seq" not in data:
        raise _bad(_("a move needs the “seq” of the view it was made on."))
    seq = _small_int(data["seq"], "seq", 10**9)
    if "deal" not in data:
        raise _bad(_("a move needs the “deal” it was made on."))
    deal = _small_int(data["deal"], "deal", 10**15)
    raw: dict[str, Any] = {"do": do}
    if "cards" in data:
        cards = data["cards"]
        if isinstance(cards, str):
            cards = [cards] if cards else []
        if not isinstance(cards, list) or len(cards) > _MAX_CARDS:
            raise _bad(_("“cards” must list cards."))
        raw["cards"] = [_text(c, "cards", 3) for c in cards]
    if data.get("card") not in (None, ""):
        raw["card"] = _text(data["card"], "card", 3)
    if data.get("position") not in (None, ""):
        raw["position"] = _small_int(data["position"], "position", _MAX_CARDS)
    if data.get("suit") not in (None, ""):
        raw["suit"] = _text(data["suit"], "suit", 1)
    if data.get("as") not in (None, ""):
        raw["as"] = _text(data["as"], "as", 5)
    if data.get("take_trump") not in (None, "", False, "false", "0"):
        if data["take_trump"] not in (True, "true", "1", "on"):
            raise _bad(_("“take_trump” is yes or no."))
        raw["take_trump"] = True
    sources = data.get("from")
    if sources is None:
        # The page's form has one "draw from" choice per card: the first k matter for k cards.
        picked = [data[f"from_{i}"] for i in range(1, _MAX_CARDS + 1) if data.get(f"from_{i}")]
        if picked and any(p != "top" for p in picked):
            sources = picked[: len(raw.get("cards", ()))]
    if sources:
        if not isinstance(sources, list) or any(s not in ("top", "bottom") for s in sources):
            raise _bad(_("“from” lists top or bottom per card."))
        sources = list(sources) + ["top"] * (len(raw.get("cards", ())) - len(sources))
        if any(s != "top" for s in sources):
            raw["from"] = sources
    _check_move_words(raw)
    try:
        action = Action.from_json(raw)
    except EngineError:
        # The engine's sentence is English for developers; the checks above say it in the reader's
        # language, so this only guards a check the engine may gain later.
        raise _bad(_("the move is not valid.")) from None
    return Act(action=action, seq=seq, deal=deal)


def _check_move_words(raw: Mapping[str, Any]) -> None:
    """What ``Action.from_json`` refuses, refused first in the reader's language (its own sentences
    are English: a crafted frame reached a Russian player as "'ZZ' is not a card.")."""
    for card in [*raw.get("cards", ()), *([raw["card"]] if "card" in raw else [])]:
        if card not in RANK:
            raise _bad(_("“%(card)s” is not a card.") % {"card": card})
    if len(set(raw.get("cards", ()))) != len(raw.get("cards", ())):
        raise _bad(_("the same card is named twice."))
    if "suit" in raw and raw["suit"] not in ("S", "H", "D", "C"):
        raise _bad(_("“%(suit)s” is not a suit (S, H, D or C).") % {"suit": raw["suit"]})
    if "as" in raw and raw["as"] not in ("joker", "seven"):
        raise _bad(_("“as” is “joker” or “seven”."))
