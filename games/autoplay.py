"""The default move of a seat whose time ran out or whose player is away (pure: a view in, a move out).

What a careful absent player would want: pass when asked to bid, stand pat (or give up as few cards as
the rules demand, keeping trumps and the best ones), keep trumps and the best cards offered when
discarding (never the trump card he has just taken), name the suit he holds most of, and play the
lowest legal card (a plain one before a trump, the joker last and as the joker). It reads only the
seat's own ``observe`` view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import PRESETS, Action

_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_SUITS = ("S", "H", "D", "C")


def _low(card: str) -> tuple[int, int]:
    return _RANKS.index(card[:-1]), _SUITS.index(card[-1])


def default_move(view: Mapping[str, Any], *, joker: bool | None = None) -> Action:
    """``joker``: whether the table's rules play the 7♠ as a joker. A table may change its preset's
    rules, and the view names only the preset; without it the preset says (a Classic table playing
    the Student joker had an absent player's forced discard throw the joker away, review 28)."""
    legal: list[dict[str, Any]] = [a for a in view["legal_actions"] if a["do"] != "look"]
    if not legal:
        raise ValueError("the view offers no move: it is not this seat's turn")
    hand: list[str] = list(view.get("hand") or [])
    names = {a["do"] for a in legal}
    if "play" in names:
        plays = [a for a in legal if a["do"] == "play"]
        trump = view.get("trump")
        # The joker (a card offered "as" something) is kept while any other card may be played: as
        # a 36-card hand's seven it was often the lowest card, and the clock threw it away (review
        # 47). Played at last, it is played as the joker, which takes the trick. Trumps are kept
        # too while a plain card may go (only a lead offers both): a low trump was led for nothing.
        return Action.from_json(
            min(
                plays,
                key=lambda a: ("as" in a, a["card"][-1] == trump, _low(a["card"]), a.get("as") != "joker"),
            )
        )
    if names & {"exchange", "discard"}:
        # Fewest cards given up; among those, as few trumps (and jokers) as can be, then the lowest.
        # Without the trumps rule, Moryak's dark lost the trump card just taken, which goes last
        # into the hand: an absent player threw it away (review 24).
        trump = view.get("trump")
        position = {card: i for i, card in enumerate(hand)}
        if joker is None:
            rules = PRESETS.get(str(view.get("preset")))
            jokers = rules is not None and rules.joker
        else:
            jokers = joker

        def kept_dear(card: str) -> bool:
            return card[-1] == trump or (jokers and card == "7S")

        return Action.from_json(
            min(
                legal,
                key=lambda a: (
                    len(a.get("cards", ())),
                    sum(kept_dear(c) for c in a.get("cards", ())),
                    # Then the lowest plain cards, its highest first (the last ones in hand on
                    # a tie): given up by position, an away six-taker threw an ace (review 47).
                    sorted(
                        ((_RANKS.index(c[:-1]), -position.get(c, 0)) for c in a.get("cards", ())),
                        reverse=True,
                    ),
                    sum(s != "top" for s in a.get("from", ())),
                ),
            )
        )
    if "name_trump" in names:
        counts = {s: sum(1 for c in hand if c[-1] == s) for s in _SUITS}
        suit = max(_SUITS, key=lambda s: (counts[s], -_SUITS.index(s)))
        return Action.from_json({"do": "name_trump", "suit": suit})
    if "pass" in names:
        return Action.from_json({"do": "pass"})
    return Action.from_json(legal[0])
