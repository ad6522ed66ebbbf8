"""The fast ``shuffled_deck`` follows RULES.md section 8 to the letter, rejected draws included.

A draw is rejected with odds below 2**-58, so real seeds never exercise that path; here the
per-position limits are lowered so that most draws are rejected, and the deck is compared with
a plain implementation of section 8 on top of ``random_stream``.
"""

from __future__ import annotations

import random

import pytest

from games.engine import shuffle
from games.engine.shuffle import canonical_deck, random_stream, shuffled_deck


def _reference(seed: bytes, size: int, limits: list[int]) -> tuple[str, ...]:
    cards = list(canonical_deck(size))
    draws = random_stream(seed)
    for i in range(len(cards) - 1, 0, -1):
        u = next(draws)
        while u >= limits[i]:
            u = next(draws)
        j = u % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


@pytest.mark.parametrize("limit_bits", [63, 62, 60])
def test_rejected_draws_take_the_next_ones_from_the_stream(monkeypatch, limit_bits: int) -> None:
    limits = [1 << limit_bits if i % 2 else (1 << 64) - 1 for i in range(len(shuffle._LIMITS))]
    monkeypatch.setattr(shuffle, "_LIMITS", limits)
    rng = random.Random(limit_bits)
    for _ in range(200):
        seed = rng.randbytes(rng.randint(0, 33))
        for size in (32, 36, 52):
            assert shuffled_deck(seed, size) == _reference(seed, size, limits)


def test_the_real_limits_are_those_of_section_8() -> None:
    two_64 = 1 << 64
    assert [two_64 - two_64 % (i + 1) for i in range(52)] == shuffle._LIMITS
    rng = random.Random(1)
    for _ in range(300):
        seed = rng.randbytes(32)
        for size in (32, 36, 52):
            assert shuffled_deck(seed, size) == _reference(seed, size, shuffle._LIMITS)
