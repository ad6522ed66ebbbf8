"""Review 136: a display name may be one long word in Russian or Bulgarian
("Непротивоконституционствувателствува", "Константинопольский-Достопримечательностей").
On a 320 px phone the seats broke it, but the line
under the seats ("Bidding, round 1 · Vera to act") ran out of the felt on both sides, cut at its
first letters, and the whole page scrolled sideways; the deal's log scrolled sideways too, the name
cut in it. Every place of the live table that prints a player's name breaks a word too long for
the line (checked in a 320 px browser by review 136; this keeps the rules that do it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "table.css"


def _rules() -> list[tuple[list[str], str]]:
    text = re.sub(r"/\*.*?\*/", "", CSS.read_text(encoding="utf-8"), flags=re.S)
    return [
        ([s.strip() for s in selectors.split(",")], body)
        for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", text)
    ]


@pytest.mark.parametrize(
    "selector",
    [
        ".seat-name",  # a seat
        ".seat-left",  # "Vera left the table" in the seat she left
        ".center .phase",  # "... · Vera to act"
        ".trick figure",  # the name under a card of the trick (and of the last trick)
        ".deal-log li",  # "Vera bids snore."
        ".settled .who",  # the settlement
    ],
)
def test_a_name_too_long_for_its_line_is_broken_not_cut(selector: str) -> None:
    found = [body for selectors, body in _rules() if selector in selectors]
    assert any(re.search(r"overflow-wrap:\s*anywhere", body) for body in found), (
        f"{selector}: a long name runs out of its box"
    )
