"""A string for the next deal sent with a "commitment" of 64 characters that are not hexadecimal
digits (a crafted frame, a typing mistake on a console) was told "late", as if a deal had been dealt
since, while no commitment could ever read so: it is refused as unreadable, naming the field (stop
38's left-out)."""

from __future__ import annotations

import pytest

from games.protocol import Contribute, parse_message
from games.services.errors import TableError

HEX = "0123456789abcdef" * 4


@pytest.mark.parametrize(
    "commitment",
    [
        "z" * 64,
        HEX[:-1] + "g",
        HEX[:-1] + " ",
        "-" + HEX[1:],
        "0x" + HEX[2:],
    ],
)
def test_a_commitment_that_is_not_hex_is_unreadable(commitment: str) -> None:
    with pytest.raises(TableError) as refused:
        parse_message({"do": "contribute", "value": "my luck", "commitment": commitment})
    assert refused.value.code == "bad_message"
    assert "commitment" in str(refused.value.message)


@pytest.mark.parametrize("commitment", [HEX, HEX.upper(), None])
def test_a_hex_commitment_or_none_is_read(commitment: str | None) -> None:
    message = parse_message({"do": "contribute", "value": "my luck", "commitment": commitment})
    assert isinstance(message, Contribute)
    assert message.commitment == (commitment.lower() if commitment else None)
