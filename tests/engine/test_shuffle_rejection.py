"""The shuffle's rejection step (RULES.md 8.3), driven through the module's own loop.

A draw ``u`` is refused when ``u >= 2**64 - (2**64 % (i + 1))``: the top few values of 2**64 that
would make ``u % (i + 1)`` favour small positions. The zone holds at most 51 of 2**64 values, so no
seed anyone can find reaches it, and a shuffle without the step passes every seeded test. Here the
hash itself is scripted: ``sha256`` inside ``games.engine.shuffle`` is replaced by a stand-in whose
block k is chosen by the test, so ``shuffled_deck`` meets draws in the reject zone (and on its edge)
and must skip exactly those.
"""

from __future__ import annotations

import types
from collections.abc import Iterator, Sequence

import pytest

import games.engine.shuffle as shuffle_module
from games.engine.shuffle import canonical_deck, random_stream, shuffled_deck

TWO_64 = 1 << 64
SIZE = 36
SEED = b"scripted"


def limit(bound: int) -> int:
    return TWO_64 - (TWO_64 % bound)


def script() -> dict[int, list[int]]:
    """The draws for each i (bound i + 1), in order; only the last one of each list is accepted."""
    draws = {i: [(i * 7919 + 13) % (i + 1) + (i + 1) * 1000] for i in range(SIZE - 1, 0, -1)}
    draws[35] = [TWO_64 - 1, limit(36), 7]  # top of the zone, then its lowest value: both refused
    draws[20] = [limit(21) + 3, 4]
    draws[2] = [TWO_64 - 1, limit(3) - 1]  # 2**64 % 3 == 1: one refused value; the one below is kept
    return draws


def flat(draws: dict[int, list[int]]) -> list[int]:
    return [u for i in range(SIZE - 1, 0, -1) for u in draws[i]]


def fisher_yates(stream: Iterator[int], *, reject: bool) -> list[str]:
    cards = list(canonical_deck(SIZE))
    for i in range(SIZE - 1, 0, -1):
        u = next(stream)
        while reject and u >= limit(i + 1):
            u = next(stream)
        j = u % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


class ScriptedSha256:
    """``hashlib.sha256(seed + k.to_bytes(4, "big"))`` returning block k of the script (four 8-byte
    draws per 32-byte block, as RULES.md 8.2 slices them)."""

    def __init__(self, draws: Sequence[int]) -> None:
        padded = list(draws) + [0] * (-len(draws) % 4 + 8)
        self.blocks = [
            b"".join(u.to_bytes(8, "big") for u in padded[n : n + 4]) for n in range(0, len(padded), 4)
        ]
        self.calls = 0

    def __call__(self, data: bytes = b"") -> types.SimpleNamespace:
        assert data[:-4] == SEED, "the stream must hash the seed followed by the block number"
        self.calls += 1
        block = self.blocks[int.from_bytes(data[-4:], "big")]
        return types.SimpleNamespace(digest=lambda: block)


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch) -> ScriptedSha256:
    fake = ScriptedSha256(flat(script()))
    monkeypatch.setattr(shuffle_module, "hashlib", types.SimpleNamespace(sha256=fake))
    if hasattr(shuffle_module, "sha256"):  # should the module ever bind the function at import
        monkeypatch.setattr(shuffle_module, "sha256", fake)
    return fake


def test_the_script_is_what_the_stream_yields(scripted: ScriptedSha256) -> None:
    stream = random_stream(SEED)
    expected = flat(script())
    assert [next(stream) for _ in expected] == expected


def test_draws_in_the_reject_zone_are_skipped(scripted: ScriptedSha256) -> None:
    deck = shuffled_deck(SEED, SIZE)
    assert scripted.calls > 0, "shuffled_deck no longer hashes through hashlib.sha256: move this seam"
    assert list(deck) == fisher_yates(iter(flat(script())), reject=True)
    # Without the rejection step the same draws give another deck: the test can tell them apart.
    assert list(deck) != fisher_yates(iter(flat(script())), reject=False)
    assert sorted(deck) == sorted(canonical_deck(SIZE))


def test_the_zone_boundaries() -> None:
    """The script means what it says: every draw but the last of each position is in the zone, and
    the kept ones are below it (``limit(3) - 1``: the edge itself)."""
    assert TWO_64 % 36 == 16 and limit(36) == TWO_64 - 16
    for i, draws in script().items():
        *refused, kept = draws
        assert all(limit(i + 1) <= u < TWO_64 for u in refused)
        assert 0 <= kept < limit(i + 1)
    assert script()[2][-1] == limit(3) - 1
