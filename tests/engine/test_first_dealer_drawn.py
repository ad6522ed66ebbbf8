"""A table's first dealer was drawn on the server (``secrets.randbelow``) once the deck was fixed: the
hands go round from the dealer's left, so a server that knew the deck could hand the best of them
to the seat of its choice, and nobody could check the draw (review 50's note). It is drawn from the
deal's own seed (``fairness.first_dealer``), and the verifier checks it for a table's first deal."""

from __future__ import annotations

import hashlib
import secrets
from collections import Counter

import pytest

from games.engine.fairness import deck_seed, first_dealer
from games.engine.shuffle import commitment, shuffled_deck
from games.engine.verify import VerifyError, verify_deal


def _by_hand(seed: bytes, seats: int) -> int:
    """The draw as the Fairness page words it, worked out here on its own."""
    for k in range(10):
        block = hashlib.sha256(seed + b"first dealer" + k.to_bytes(4, "big")).digest()
        for i in range(4):
            u = int.from_bytes(block[8 * i : 8 * i + 8], "big")
            if u < 2**64 - 2**64 % seats:
                return u % seats
    raise AssertionError("no draw")


def test_the_first_dealer_is_the_seeds_draw_and_each_seat_can_be_drawn() -> None:
    seen: Counter[int] = Counter()
    for i in range(600):
        seed = hashlib.sha256(str(i).encode()).digest()
        drawn = first_dealer(seed, 4)
        assert drawn == _by_hand(seed, 4)
        seen[drawn] += 1
    assert set(seen) == {0, 1, 2, 3} and min(seen.values()) > 100, seen
    assert all(first_dealer(secrets.token_bytes(32), n) in range(n) for n in range(1, 13))
    with pytest.raises(ValueError):
        first_dealer(b"x" * 32, 0)


def _record(dealer: int, *, first: object = True, seats: int = 4) -> tuple[dict, list[str]]:
    seed = secrets.token_bytes(32)
    deck = list(shuffled_deck(deck_seed(seed, ["s"]), 36))
    dealt = [(dealer + 1 + j) % seats for j in range(seats)]
    hands: list[list[str] | None] = [None] * seats
    for j, seat in enumerate(dealt):
        hands[seat] = deck[j : seats * 4 : seats]
    fair = {"commitment": commitment(seed), "seed": seed.hex(), "contributions": ["s"], "dealt": dealt}
    fair.update(hands=hands, dealer=dealer, first=first)
    return fair, deck


def test_the_verifier_checks_the_first_deals_dealer() -> None:
    for _ in range(20):
        for dealer in range(4):
            fair, deck = _record(dealer)
            drawn = first_dealer(deck_seed(bytes.fromhex(fair["seed"]), ["s"]), 4)
            checked = verify_deal(fair, deck, 4)
            if dealer == drawn:
                assert checked["problems"] == [], checked
            else:
                assert checked["problems"] == [
                    f"the first deal's dealer is seat {drawn} by its seed, not seat {dealer}"
                ], checked
            fair["first"] = False  # a later deal: its dealer follows the last deal, not the seed
            assert verify_deal(fair, deck, 4)["problems"] == []
    fair, deck = _record(1, first="yes")
    with pytest.raises(VerifyError):
        verify_deal(fair, deck, 4)
