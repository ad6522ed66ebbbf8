"""Review 63: the player page's chart of a typical winning hand told a screen reader "From 3 deals
won: A of trumps, K, plain suit." and, on a Russian page, "A козырной масти, K, простая масть": the
face's letters, read as English letters. Its description names the ranks in words in the reader's
language, as the table names each card to a screen reader (the faces keep their letters)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.stats_charts import hand_svg

CARDS = [
    {"rank": "A", "trump": True, "share": 80},
    {"rank": "K", "trump": False, "share": 60},
    {"rank": "10", "trump": False, "share": 40},
    {"rank": "J", "trump": True, "share": 20},
]


def _desc(svg: str) -> str:
    return re.search(r"<desc>(.*?)</desc>", svg).group(1)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Ace of trumps, King, plain suit, 10, plain suit, Jack of trumps"),
        ("ru", "туз козырной масти, король, простая масть, 10, простая масть, валет козырной масти"),
        ("bg", "асо коз, поп, обикновена боя, 10, обикновена боя, вале коз"),
    ],
)
def test_the_hand_is_described_in_words(language, said):
    with translation.override(language):
        svg = str(hand_svg(CARDS, hands=3))
    desc = _desc(svg)
    assert said in desc, desc
    assert not re.search(r"\b[AKQJ]\b", desc), desc
    # The faces keep their letters, as the table's cards do.
    assert ">A</text>" in svg and ">K</text>" in svg
