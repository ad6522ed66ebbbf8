"""Cards as short strings ("10H", "AS") and the canonical decks of RULES.md section 2.

Cards stay plain strings everywhere (state, actions, JSON) so that nothing has to be
converted on the hot path; rank and suit are looked up in precomputed dicts.
"""

from __future__ import annotations

import unicodedata

SUITS: str = "SHDC"
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_VALUE: dict[str, int] = {r: i + 2 for i, r in enumerate(RANKS)}
DECK_SIZES: tuple[int, ...] = (32, 36, 52)
_LOWEST = {32: 7, 36: 6, 52: 2}

ALL_CARDS: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
#: rank value (2..14) of every card
RANK: dict[str, int] = {r + s: RANK_VALUE[r] for s in SUITS for r in RANKS}
#: suit letter of every card
SUIT: dict[str, str] = {r + s: s for s in SUITS for r in RANKS}
SUIT_SYMBOL: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def is_card(text: object) -> bool:
    """True when ``text`` is a card name such as ``"10H"``."""
    return isinstance(text, str) and text in RANK


def rank(card: str) -> int:
    """Rank value, 2..14 (ace 14)."""
    return RANK[card]


def suit(card: str) -> str:
    """Suit letter S, H, D or C."""
    return SUIT[card]


def card(rank_value: int, suit_letter: str) -> str:
    """The card of a rank value (2..14) and suit letter."""
    return RANKS[rank_value - 2] + suit_letter


def deck(size: int) -> tuple[str, ...]:
    """The canonical deck (suits S, H, D, C; ranks low to high) of 32, 36 or 52 cards."""
    if size not in _LOWEST:
        raise ValueError(f"there is no {size}-card deck; decks have 32, 36 or 52 cards")
    low = _LOWEST[size]
    return tuple(c for c in ALL_CARDS if RANK[c] >= low)


def pretty(card_name: str) -> str:
    """Human spelling, e.g. ``10♥``."""
    return card_name[:-1] + SUIT_SYMBOL[card_name[-1]]


def foreign_characters(name: str) -> str:
    """``name``'s characters outside printable ASCII, by code point and Unicode name ("" if none), for
    a refusal of a card name: a Cyrillic "А", a full-width "Ａ" or a zero-width space looks like
    (or like nothing beside) the Latin letters a card is written with, so "'KС' is not a card"
    named a card that read right and left the writer guessing (review 144)."""
    odd = [c for c in dict.fromkeys(name) if not (c.isascii() and c.isprintable())]
    if not odd:
        return ""
    named = ", ".join(f"U+{ord(c):04X} {unicodedata.name(c, 'an unnamed character')}" for c in odd[:3])
    more = " and more" if len(odd) > 3 else ""
    return f"it holds {named}{more}, no Latin letter or digit"
