"""What a player can say or do: :class:`Action`, and its scenario-file JSON spelling."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .cards import RANK, foreign_characters
from .errors import EngineError

ACTION_NAMES: tuple[str, ...] = (
    "look",
    "pass",
    "snore",
    "help",
    "five",
    "six",
    "cheer",
    "mourn",
    "helicopter",
    "dark",
    "shoot",
    "blind",
    "exchange",
    "discard",
    "wrap_swap",
    "name_trump",
    "play",
)
_NAMES = frozenset(ACTION_NAMES)


@dataclass(frozen=True, slots=True)
class Action:
    """One action. Only the fields its ``do`` needs are set.

    ``cards``: given up (exchange, discard); ``card``: played; ``position``: wrap_swap;
    ``suit``: name_trump; ``sources``: Student's "from" ("top"/"bottom" per drawn card);
    ``as_``: Student's 7♠ "joker" or "seven"; ``take_trump``: Frap's cut with the trump card.
    """

    do: str
    cards: tuple[str, ...] = ()
    card: str | None = None
    position: int | None = None
    suit: str | None = None
    sources: tuple[str, ...] = ()
    as_: str | None = None
    take_trump: bool = False

    @staticmethod
    def from_json(data: dict[str, Any]) -> Action:
        """Parse a scenario-file action (``seat`` and unknown keys are ignored)."""
        if not isinstance(data, dict):
            raise EngineError("unknown_action", 'An action must be an object with a "do" name.')
        do = data.get("do")
        if not isinstance(do, str) or do not in _NAMES:
            foreign = foreign_characters(do) if isinstance(do, str) else ""
            raise EngineError(
                "unknown_action", f"There is no action called {do!r}" + (f" ({foreign})." if foreign else ".")
            )
        cards: tuple[str, ...] = ()
        if "cards" in data:
            raw = data["cards"]
            if not isinstance(raw, list | tuple) or not all(isinstance(c, str) for c in raw):
                raise EngineError("bad_cards", '"cards" must be a list of card names such as "10H".')
            for c in raw:
                if c not in RANK:
                    raise EngineError("bad_cards", _not_a_card(c))
            if len(set(raw)) != len(raw):
                raise EngineError("bad_cards", "The same card is named twice.")
            cards = tuple(raw)
        card = data.get("card")
        if card is not None and (not isinstance(card, str) or card not in RANK):
            raise EngineError("bad_cards", _not_a_card(card))
        position = data.get("position")
        if position is not None and (isinstance(position, bool) or not isinstance(position, int)):
            raise EngineError("unknown_action", '"position" must be a whole number.')
        suit = data.get("suit")
        if suit is not None and suit not in ("S", "H", "D", "C"):
            raise EngineError("unknown_action", f"{suit!r} is not a suit (S, H, D or C).")
        sources: tuple[str, ...] = ()
        if "from" in data:
            raw = data["from"]
            if not isinstance(raw, list | tuple) or any(s not in ("top", "bottom") for s in raw):
                raise EngineError("unknown_action", '"from" must list "top" or "bottom" per card.')
            sources = tuple(raw)
        as_ = data.get("as")
        if as_ is not None and as_ not in ("joker", "seven"):
            raise EngineError("unknown_action", '"as" must be "joker" or "seven".')
        take_trump = data.get("take_trump", False)
        if not isinstance(take_trump, bool):
            raise EngineError("unknown_action", '"take_trump" must be true or false.')
        return Action(do, cards, card, position, suit, sources, as_, take_trump)

    def to_json(self) -> dict[str, Any]:
        """Scenario spelling with only the keys that are set."""
        out: dict[str, Any] = {"do": self.do}
        if self.cards:
            out["cards"] = list(self.cards)
        if self.card is not None:
            out["card"] = self.card
        if self.position is not None:
            out["position"] = self.position
        if self.suit is not None:
            out["suit"] = self.suit
        if self.sources:
            out["from"] = list(self.sources)
        if self.as_ is not None:
            out["as"] = self.as_
        if self.take_trump:
            out["take_trump"] = True
        return out


def _not_a_card(name: Any) -> str:
    foreign = foreign_characters(name) if isinstance(name, str) else ""
    return f"{name!r} is not a card ({foreign})." if foreign else f"{name!r} is not a card."


class _Building:
    """Same slots as :class:`Action`, without the frozen guard: filled in by plain attribute stores,
    then turned into an Action by changing its class (a frozen dataclass's ``__init__`` costs ten
    times more, and ``legal_actions`` may build a dozen card actions per call). No ``__init__``:
    the stores are made by the caller, which saves a call per action."""

    __slots__ = Action.__slots__  # type: ignore[attr-defined]


def card_action(do: str, cards: tuple[str, ...]) -> Action:
    """``Action(do, cards=cards)``, built fast."""
    a = _Building()
    a.do = do  # type: ignore[attr-defined]
    a.cards = cards  # type: ignore[attr-defined]
    a.card = None  # type: ignore[attr-defined]
    a.position = None  # type: ignore[attr-defined]
    a.suit = None  # type: ignore[attr-defined]
    a.sources = ()  # type: ignore[attr-defined]
    a.as_ = None  # type: ignore[attr-defined]
    a.take_trump = False  # type: ignore[attr-defined]
    a.__class__ = Action  # type: ignore[assignment]
    return a  # type: ignore[return-value]


def card_actions(do: str, choices: Iterable[tuple[str, ...]]) -> list[Action]:
    """``[card_action(do, cards) for cards in choices]``, with the building inlined."""
    out = []
    append = out.append
    for cards in choices:
        a = _Building()
        a.do = do  # type: ignore[attr-defined]
        a.cards = cards  # type: ignore[attr-defined]
        a.card = None  # type: ignore[attr-defined]
        a.position = None  # type: ignore[attr-defined]
        a.suit = None  # type: ignore[attr-defined]
        a.sources = ()  # type: ignore[attr-defined]
        a.as_ = None  # type: ignore[attr-defined]
        a.take_trump = False  # type: ignore[attr-defined]
        a.__class__ = Action  # type: ignore[assignment]
        append(a)
    return out  # type: ignore[return-value]


def sourced_actions(do: str, choices: Iterable[tuple[tuple[str, ...], tuple[str, ...]]]) -> list[Action]:
    """``[Action(do, cards=cards, sources=sources) for cards, sources in choices]``, built inline."""
    out = []
    append = out.append
    for cards, sources in choices:
        a = _Building()
        a.do = do  # type: ignore[attr-defined]
        a.cards = cards  # type: ignore[attr-defined]
        a.card = None  # type: ignore[attr-defined]
        a.position = None  # type: ignore[attr-defined]
        a.suit = None  # type: ignore[attr-defined]
        a.sources = sources  # type: ignore[attr-defined]
        a.as_ = None  # type: ignore[attr-defined]
        a.take_trump = False  # type: ignore[attr-defined]
        a.__class__ = Action  # type: ignore[assignment]
        append(a)
    return out  # type: ignore[return-value]


# Shared immutable instances: legal_actions hands these out instead of building new objects.
LOOK = Action("look")
PASS = Action("pass")
SIMPLE: dict[str, Action] = {n: Action(n) for n in ACTION_NAMES}
PLAY: dict[str, Action] = {c: Action("play", card=c) for c in RANK}
PLAY_JOKER = Action("play", card="7S", as_="joker")
PLAY_SEVEN = Action("play", card="7S", as_="seven")
FIVE_TAKE_TRUMP = Action("five", take_trump=True)
NAME_TRUMP: dict[str, Action] = {s: Action("name_trump", suit=s) for s in "SHDC"}
