"""Small shared helpers of the engine modules (seat rings, status kinds, stock draws)."""

from __future__ import annotations

from .errors import EngineError
from .state import State, Work

SNORER_TYPES = frozenset({"snore", "cheer", "helicopter", "dark", "shoot", "blind"})
HELPER_TYPES = frozenset({"help", "five", "six", "mourn"})
#: Dark forms that deal every hand face down (4.1): their statuses need unseen cards.
UNSEEN_DARK = frozenset({"take_trump", "wrap_swap", "blind"})
FIVE_TYPES = frozenset({"five", "six"})
NOT_IN_DEAL = frozenset({"", "out", "pass"})

_RINGS: dict[tuple[int, int], tuple[int, ...]] = {}


def ring(start: int, seats: int) -> tuple[int, ...]:
    """All seats clockwise beginning with ``start``."""
    key = (start, seats)
    r = _RINGS.get(key)
    if r is None:
        r = _RINGS[key] = tuple((start + i) % seats for i in range(seats))
    return r


_AFTER: dict[tuple[int, int], tuple[int, ...]] = {}


def after(seat: int, seats: int) -> tuple[int, ...]:
    """The other seats clockwise, beginning left of ``seat``."""
    key = (seat, seats)
    r = _AFTER.get(key)
    if r is None:
        r = _AFTER[key] = ring(seat, seats)[1:]
    return r


def in_deal(w: Work) -> tuple[int, ...]:
    """Seats with a status (they play every trick, 5.8), in seat order."""
    return tuple(i for i, st in enumerate(w.status) if st not in NOT_IN_DEAL)


def stock_free(w: Work | State) -> int:
    """Stock cards nobody has been promised (4.2 step F)."""
    return w.stock_end - w.stock_top - w.promised


def round_card(w: Work | State) -> str | None:
    """The card turned for the current trump round, even after a cutter took it into his hand.

    The first trump card and every later turned card come from consecutive deck positions right
    after the hands (4.1, 4.2), and ``turned`` holds all but the current one.
    """
    if w.setup.rules.trump_source != "turned":
        return None
    return w.setup.deck[len(w.setup.dealt) * w.setup.rules.hand_size + len(w.turned)]


def draw_top(w: Work, count: int) -> tuple[str, ...]:
    cards = w.setup.deck[w.stock_top : w.stock_top + count]
    w.stock_top += count
    return cards


def set_seat(tup: tuple, seat: int, value: object) -> tuple:
    """``tup`` with entry ``seat`` replaced."""
    return (*tup[:seat], value, *tup[seat + 1:])


def illegal(message: str) -> EngineError:
    return EngineError("illegal_action", message)


def bad_cards(message: str) -> EngineError:
    return EngineError("bad_cards", message)


def without(hand: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...]:
    """``hand`` minus ``cards``; ``bad_cards`` if one is not held or is named twice."""
    if not cards:
        return hand
    if len(set(cards)) != len(cards):
        raise bad_cards("The same card is named twice.")
    rest = list(hand)
    for c in cards:
        if c not in rest:
            raise bad_cards(f"You do not hold {c}.")
        rest.remove(c)
    return tuple(rest)
