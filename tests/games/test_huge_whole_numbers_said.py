"""A table message with a whole number past its bound (a buy-in of 10^16 chips, seat 101, sent by
hand over the socket or as a plain form) was refused as "must be a whole number", which it was
(review 101's left-out). It is told the bound now; what is no whole number is still told so, and
nothing is read of a number longer than any bound."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.protocol import parse_message
from games.services import TableError


def _refusal(data: dict) -> str:
    with pytest.raises(TableError) as refused:
        parse_message(data)
    return str(refused.value.params["problem"])


@pytest.mark.parametrize("value", [10**16, "10000000000000000", "9" * 5000])
def test_a_buy_in_past_the_bound_is_told_the_bound(value):
    said = _refusal({"do": "sit", "position": 1, "buy_in": value})
    assert said == "“Chips to bring” must be at most 1000000000000000."


def test_a_seat_past_the_bound_is_told_the_bound_in_every_language():
    assert _refusal({"do": "sit", "position": 101, "buy_in": 100}) == "“position” must be at most 100."
    with translation.override("ru"):
        assert _refusal({"do": "sit", "position": "101", "buy_in": 100}) == (
            "поле «position» должно быть не больше 100."
        )


@pytest.mark.parametrize("value", [-5, "-5", "1.5", "١٢", "", None, True])
def test_what_is_no_whole_number_is_still_told_so(value):
    assert _refusal({"do": "sit", "position": 1, "buy_in": value}).endswith("must be a whole number.")
