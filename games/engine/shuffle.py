"""The provably fair shuffle of RULES.md section 8.

Why this exact algorithm: the server publishes ``commitment(seed)`` before the first card is dealt
and reveals the seed when the deal is over, so any player can rebuild the deck and check that
neither the club nor the server chose the cards after committing. That only works if every step is
specified down to the byte, which is what this module implements:

1. ``commitment = sha256(seed).hexdigest()``.
2. The random stream is ``sha256(seed + k.to_bytes(4, "big"))`` for k = 0, 1, ... concatenated;
   a draw takes the next 8 bytes as a big-endian unsigned integer ``u``.
3. Fisher–Yates on the canonical deck (suits S, H, D, C; ranks low to high within a suit): for i
   from n-1 down to 1, draw ``u`` until ``u < 2**64 - (2**64 % (i + 1))`` (rejection removes the
   modulo bias), ``j = u % (i + 1)``, swap positions i and j. Index 0 is the top of the deck.

The seed itself is drawn by the site with ``secrets.token_bytes(32)``; the engine never draws
randomness, so this module has no ``new_seed``.

Published test vector (also asserted by ``tests/engine/test_shuffle.py``)::

    seed = bytes(range(32))            # 00 01 02 ... 1f
    commitment(seed) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    shuffled_deck(seed, 36) == (
        "QH", "8D", "QS", "JD", "AS", "AH", "AC", "AD", "6D",
        "JS", "10D", "7H", "7D", "KC", "KD", "9C", "JH", "QC",
        "JC", "6S", "9D", "8C", "6H", "QD", "KS", "7S", "9S",
        "7C", "10S", "9H", "8S", "KH", "6C", "10H", "8H", "10C",
    )
"""

from __future__ import annotations

import hashlib
import hmac
import struct
from collections.abc import Iterator

try:
    # CPython's own SHA-256: the same digests as hashlib's, without OpenSSL's per-object set-up,
    # which costs more than hashing a 16-byte message (nine per shuffle). Looked up per call as a
    # module global, so a test may stand in for it (test_shuffle_rejection does).
    from _sha256 import sha256
except ImportError:
    try:
        from _sha2 import sha256  # its name from Python 3.12 on
    except ImportError:  # another Python: hashlib's is the same function
        from hashlib import sha256

__all__ = ["DECK_SIZES", "canonical_deck", "commitment", "random_stream", "shuffled_deck", "verify"]

_SUITS = ("S", "H", "D", "C")
_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
# Lowest rank index per deck size: 52 starts at 2, 36 at 6, 32 at 7.
_LOWEST = {52: 0, 36: 4, 32: 5}
DECK_SIZES = tuple(sorted(_LOWEST))

_TWO_64 = 1 << 64
_CANONICAL = {
    size: tuple(rank + suit for suit in _SUITS for rank in _RANKS[low:]) for size, low in _LOWEST.items()
}


def canonical_deck(size: int) -> tuple[str, ...]:
    """The canonical order of RULES.md section 2 for a 32, 36 or 52 card deck.

    Kept here (rather than imported from ``cards.py``) so the fairness proof depends on nothing but
    this file and hashlib: a player verifying a deal can read one module.
    """
    deck = _CANONICAL.get(size)
    if deck is None:
        raise ValueError(f"deck size must be one of {DECK_SIZES}, not {size!r}")
    return deck


def commitment(seed: bytes) -> str:
    """The public commitment to ``seed``: its SHA-256 as lowercase hex."""
    return hashlib.sha256(bytes(seed)).hexdigest()


def verify(seed: bytes, commitment_hex: str) -> bool:
    """True when the revealed ``seed`` matches the ``commitment`` published before the deal.

    Case-insensitive on the hex, and compared in constant time out of habit (nothing secret is
    left once the seed is revealed, but it costs nothing).
    """
    if not isinstance(commitment_hex, str):
        return False
    return hmac.compare_digest(commitment(seed), commitment_hex.strip().lower())


def random_stream(seed: bytes) -> Iterator[int]:
    """Successive 64-bit draws: 8-byte big-endian chunks of the concatenated hash blocks.

    Each 32-byte block yields exactly four draws, so draws never straddle two blocks.
    """
    seed = bytes(seed)
    k = 0
    while True:
        block = hashlib.sha256(seed + k.to_bytes(4, "big")).digest()
        for offset in range(0, 32, 8):
            yield int.from_bytes(block[offset : offset + 8], "big")
        k += 1


def shuffled_deck(seed: bytes, size: int) -> tuple[str, ...]:
    """The deck of ``size`` cards shuffled by ``seed``, top card first (index 0).

    Same algorithm as :func:`random_stream` + Fisher–Yates, inlined because every deal calls it:
    the hash blocks a shuffle needs when no draw is rejected are made at once and cut into 64-bit
    draws in one ``struct.unpack``; a rejected draw (odds below 2**-58 per draw) takes the next
    ones from further blocks, exactly as the stream would.
    """
    cards = list(canonical_deck(size))
    seed = bytes(seed)
    n = len(cards)
    blocks = (n + 2) // 4  # n - 1 draws, four per block
    draws = _UNPACK[blocks](b"".join([sha256(seed + _BLOCK_INDEX[k]).digest() for k in range(blocks)]))
    d = 0
    limits = _LIMITS
    for i in range(n - 1, 0, -1):
        u = draws[d]
        d += 1
        if u >= limits[i]:
            u, draws, d = _kept_draw(seed, draws, d, limits[i], i - 1)
        j = u % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def _kept_draw(
    seed: bytes, draws: tuple[int, ...] | list[int], d: int, limit: int, later: int
) -> tuple[int, list[int], int]:
    """After a rejected draw: the next draw below ``limit``, the draws (made longer by further hash
    blocks so that ``later`` draws are left after it), and the index of the next draw."""
    more = list(draws)
    while True:
        if d == len(more):
            more.extend(_block_draws(seed, len(more) // 4))
        u = more[d]
        d += 1
        if u < limit:
            break
    while len(more) - d < later:
        more.extend(_block_draws(seed, len(more) // 4))
    return u, more, d


_BLOCK_INDEX = [k.to_bytes(4, "big") for k in range(16)]
#: ``_LIMITS[i]``: a draw for position i (bound i + 1) is kept when it is below this.
_LIMITS = [_TWO_64 - (_TWO_64 % (i + 1)) for i in range(max(DECK_SIZES))]
#: ``_UNPACK[b]``: the 4 * b draws of b concatenated hash blocks.
_UNPACK = [struct.Struct(f">{4 * b}Q").unpack for b in range(16)]


def _block_draws(seed: bytes, k: int) -> tuple[int, ...]:
    """The four draws of hash block ``k``."""
    return struct.unpack(">4Q", hashlib.sha256(seed + k.to_bytes(4, "big")).digest())
