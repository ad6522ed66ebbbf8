"""The players' share of the shuffle: the server's committed seed mixed with their own strings.

RULES.md section 8 lets anyone check after a deal that the server committed to its seed before the
cards were dealt. That alone does not stop a dishonest server from picking, among many seeds, one
that deals a hand it likes. So each seated player may add a random string of his own after the
commitment is published and before the deal; the deck is shuffled with

    deck_seed = SHA-256(server_seed || SHA-256(utf8(c1)) || SHA-256(utf8(c2)) || ...)

over the contributions in seat order (with none, ``deck_seed`` is the server seed itself, so the
RULES.md test vector applies unchanged). The server cannot know the contributions when it commits,
and a player cannot know the server seed, so neither chooses the deck alone.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

MAX_CONTRIBUTION = 64


def contribution_ok(value: object) -> bool:
    """A contribution is 1 to 64 printable characters."""
    return isinstance(value, str) and 0 < len(value) <= MAX_CONTRIBUTION and value.isprintable()


def deck_seed(server_seed: bytes, contributions: Sequence[str]) -> bytes:
    if not contributions:
        return bytes(server_seed)
    mixed = hashlib.sha256(bytes(server_seed))
    for value in contributions:
        mixed.update(hashlib.sha256(value.encode("utf-8")).digest())
    return mixed.digest()


FIRST_DEALER_LABEL = b"first dealer"


def first_dealer(seed: bytes, seats: int) -> int:
    """The seat that deals a table's first deal (RULES.md 3: drawn at random), drawn from that deal's
    ``deck_seed``: block k of its stream is ``SHA-256(seed || "first dealer" || k as 4 bytes,
    big-endian)``, each block four draws of 8 bytes (big-endian); the first draw u below
    2^64 − (2^64 mod seats) gives ``u mod seats``, as the shuffle draws (RULES.md 8). A dealer drawn
    on the server after the deck was fixed let a server that knew the deck hand the best of the
    hands, which go round from the dealer's left, to the seat of its choice; drawn so, it is as
    fixed by the commitment and the players' strings as the deck, and anyone can check it."""
    if seats < 1:
        raise ValueError("a table has at least one seat")
    limit = 2**64 - (2**64 % seats)
    k = 0
    while True:
        block = hashlib.sha256(bytes(seed) + FIRST_DEALER_LABEL + k.to_bytes(4, "big")).digest()
        for offset in range(0, 32, 8):
            u = int.from_bytes(block[offset : offset + 8], "big")
            if u < limit:
                return u % seats
        k += 1
