"""Build a scenario deck from the hands one wants (used to write tests/engine/scenarios/*.json).

A scenario file needs the whole deck, top first, dealt as RULES.md 4.1 says: one card at a time,
clockwise from the dealer's left, the dealer last, skipping seats that sit out; then the trump
card; then the stock. Writing 36 or 52 cards by hand is error-prone, so this puts the chosen hands,
trump card and stock top where the deal will send them and fills the rest in canonical order
(optionally with chosen cards at the very bottom, for Student's bottom draws).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from games.engine.shuffle import canonical_deck


def deal_order(seats: int, dealer: int, out: Iterable[int] = ()) -> list[int]:
    """Seats in dealing order: dealer+1 first, the dealer last, sat-out seats skipped."""
    skip = set(out)
    return [s for s in ((dealer + 1 + i) % seats for i in range(seats)) if s not in skip]


def build_deck(
    size: int,
    seats: int,
    dealer: int,
    hands: Mapping[int, Sequence[str]],
    trump: str | None,
    stock: Sequence[str] = (),
    bottom: Sequence[str] = (),
    out: Iterable[int] = (),
) -> list[str]:
    """The deck that deals ``hands`` (each in the order its cards are dealt), then ``trump``, then
    ``stock`` on top of the canonical rest, with ``bottom`` as the last cards (last = bottom)."""
    order = deal_order(seats, dealer, out)
    if set(hands) != set(order):
        raise ValueError(f"hands for seats {sorted(hands)}, but the deal goes to {order}")
    hand_size = len(hands[order[0]])
    if any(len(hands[s]) != hand_size for s in order):
        raise ValueError("hands of different sizes")
    deck = [hands[s][r] for r in range(hand_size) for s in order]
    if trump is not None:
        deck.append(trump)
    deck.extend(stock)
    chosen = set(deck) | set(bottom)
    if len(chosen) != len(deck) + len(bottom):
        raise ValueError("a card is used twice")
    unknown = chosen - set(canonical_deck(size))
    if unknown:
        raise ValueError(f"not in the {size}-card deck: {sorted(unknown)}")
    deck.extend(c for c in canonical_deck(size) if c not in chosen)
    deck.extend(bottom)
    return deck
