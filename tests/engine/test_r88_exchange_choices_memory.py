"""Review 88: the engine kept every exchange with a choice of top or bottom it had listed, for up to
8,192 hands (``lru_cache``). A hand is seldom dealt twice, so the cache was never read again and
only grew: 9 KB per exchanger of a Student deal (4 cards), 27 to 70 KB with a house variant of five
or six cards, up to 0.5 GB kept by a server after a long evening (the embedded demo's one process
holds every table). It keeps the few hands of the deals being played, which is when it is asked
again (each reader's picture, the bot, the move's check)."""

from __future__ import annotations

import random
import tracemalloc

from games.engine.legal import _subsets_with_sources

DECK = [rank + suit for rank in ("6", "7", "8", "9", "T", "J", "Q", "K", "A") for suit in "SHDC"]
#: Far above what the deals running at once need; the old cache kept 60 MB for these hands.
LIMIT_BYTES = 16 * 1024 * 1024


def test_exchange_choices_of_hands_long_played_are_not_kept() -> None:
    rng = random.Random(88)
    hands = {tuple(sorted(rng.sample(DECK, 6))) for _ in range(1200)}
    _subsets_with_sources.cache_clear()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for hand in hands:
            assert len(_subsets_with_sources(hand, 0, 5)) == 665  # 3^6 less the six-card choices
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
        _subsets_with_sources.cache_clear()
    assert kept < LIMIT_BYTES, f"{kept / 2**20:.0f} MB kept for {len(hands)} hands no deal holds any more"


def test_a_hand_asked_again_is_the_same_list() -> None:
    hand = ("6S", "7H", "8D", "9C", "TS")
    assert _subsets_with_sources(hand, 0, 4) is _subsets_with_sources(hand, 0, 4)
