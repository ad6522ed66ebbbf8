"""Review 98: the Fairness page did not say how the seed's numbers are read (8 bytes, big-endian,
unsigned) nor how a card or the first dealer is picked from them (the rejection rule, then the
remainder): a player could not write his own checker from it. It says so now, in each language."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

EXACT = [
    "big-endian",
    "2⁶⁴ − (2⁶⁴ mod r)",
    "j = u mod r",
    "u mod s",
    "2⁶⁴ − (2⁶⁴ mod s)",
    "n − 1",
]


def _page(language: str) -> str:
    text = Client(HTTP_ACCEPT_LANGUAGE=language).get("/fairness/").content.decode()
    return html.unescape(re.sub(r"\s+", " ", text))


def test_the_page_says_how_a_number_is_read_and_a_card_picked() -> None:
    page = _page("en")
    for words in [*EXACT, "unsigned", "most significant", "thrown away", "positions i and j"]:
        assert words in page, words


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_it_says_so_in_each_language(language: str) -> None:
    page = _page(language)
    for words in EXACT:
        assert words in page, (language, words)
    assert "most significant" not in page and "thrown away" not in page  # translated, not English
