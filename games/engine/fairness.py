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
