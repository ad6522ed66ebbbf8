"""The verifier binds each hand to its seat (review 17).

``_fair.dealt`` is the server's own word for the order the hands went round, and the verifier took it
as it came: a file whose hands went to the seats in another order than RULES.md 4.1 (clockwise from
the dealer's left, the dealer last) was called fair, so a server that knew the deck could hand its
best hand to the seat of its choice and the check would not see it. The order is checked against
the dealer (the scenario's ``dealer`` for its first deal, ``_fair.dealer`` for any deal)."""

from __future__ import annotations

import copy
import secrets

from games.engine.fairness import deck_seed
from games.engine.shuffle import commitment, shuffled_deck
from games.engine.verify import verify_scenario


def _file(dealt: list[int], dealer: int = 0, seats: int = 3) -> dict:
    seed = secrets.token_bytes(32)
    deck = list(shuffled_deck(deck_seed(seed, []), 36))
    m = len(dealt)
    hands: list = [None] * seats
    for j, seat in enumerate(dealt):
        hands[seat] = deck[j : m * 4 : m]
    fair = {
        "commitment": commitment(seed),
        "seed": seed.hex(),
        "contributions": [],
        "dealt": dealt,
        "hands": hands,
    }
    return {
        "preset": "classic",
        "rules": {},
        "stake": 5,
        "stacks": [100] * seats,
        "dealer": dealer,
        "deals": [{"deck": deck, "actions": [], "_deal": {"number": 2}, "_fair": fair}],  # a later deal
    }


def _verdict(data: dict) -> tuple[bool, list[str]]:
    output, _status = verify_scenario(copy.deepcopy(data))
    return output["ok"], output["deals"][0]["problems"]


def test_hands_dealt_clockwise_from_the_dealers_left_are_fair() -> None:
    assert _verdict(_file([1, 2, 0], dealer=0))[0]
    assert _verdict(_file([2, 0, 1], dealer=1))[0]
    assert _verdict(_file([0, 1, 2], dealer=2))[0]


def test_hands_dealt_against_the_clock_are_not_fair() -> None:
    ok, problems = _verdict(_file([2, 1, 0], dealer=0))
    assert not ok
    assert any("dealer's left" in p for p in problems)


def test_hands_dealt_from_another_seat_than_the_dealers_left_are_not_fair() -> None:
    # Clockwise, but the first hand went to seat 2 where the dealer (0) has seat 1 on his left.
    ok, problems = _verdict(_file([2, 0, 1], dealer=0))
    assert not ok
    assert any("dealer's left" in p for p in problems)


def test_a_deal_names_its_dealer_in_its_record() -> None:
    data = _file([2, 0, 1], dealer=1)
    data["deals"][0]["_fair"]["dealer"] = 1
    assert _verdict(data)[0]
    data["deals"][0]["_fair"]["dealer"] = 0  # the record and the scenario disagree
    assert not _verdict(data)[0]
    # A record alone (no scenario's dealer): its own dealer is the one checked.
    record = _file([2, 0, 1], dealer=1)
    for key in ("stake", "stacks", "dealer"):
        del record[key]
    record["deals"][0]["_fair"]["dealer"] = 1
    assert _verdict(record)[0]
    record["deals"][0]["_fair"]["dealer"] = 2
    assert not _verdict(record)[0]


def test_a_seat_sitting_the_deal_out_is_skipped() -> None:
    # Four seats, seat 2 has no chips to ante and sits out: from the dealer's (3) left, 0, 1, then 3.
    def sitting_out(dealt: list[int]) -> dict:
        data = _file(dealt, dealer=3, seats=4)
        data["stacks"][2] = 0
        return data

    assert _verdict(sitting_out([0, 1, 3]))[0]
    assert not _verdict(sitting_out([1, 3, 0]))[0]
    # The replay deals seat 2 in when he has chips: a record that leaves him out is not that deal.
    ok, problems = _verdict(_file([0, 1, 3], dealer=3, seats=4))
    assert not ok and any("replay" in p for p in problems)


def test_a_deck_of_another_size_is_a_malformed_file() -> None:
    """The shuffle's ValueError ("deck size must be one of ...") left verify_scenario as a plain
    ValueError, not the VerifyError its callers catch."""
    import pytest

    from games.engine.verify import VerifyError

    data = _file([1, 2, 0])
    data["deals"][0]["deck"] = data["deals"][0]["deck"][:30]
    with pytest.raises(VerifyError):
        verify_scenario(data)
