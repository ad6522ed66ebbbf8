"""Review 33: a screen reader told a card's face alone ("7 black spade suit", or "7" where the symbol
is skipped). Each card is an image named in words in the reader's language, so a card button (and a
card to pick for an exchange) is "7 of spades", "Queen of hearts"."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.presenter import card

pytestmark = pytest.mark.django_db


def _label(html: str) -> str:
    match = re.search(r'role="img" aria-label="([^"]*)"', html)
    assert match, html
    return match.group(1)


@pytest.mark.parametrize(
    ("language", "code", "name"),
    [
        ("en", "7S", "7 of spades"),
        ("en", "QH", "Queen of hearts"),
        ("en", "10D", "10 of diamonds"),
        ("en", "AC", "Ace of clubs"),
        ("ru", "7S", "7 пик"),
        ("ru", "QH", "дама червей"),
        ("ru", "AD", "туз бубён"),
        ("bg", "KC", "поп спатия"),
        ("bg", "JH", "вале купа"),
    ],
)
def test_a_card_face_is_named_in_words_in_the_readers_language(language, code, name):
    with translation.override(language):
        face = card(code)
        assert _label(face["html"]) == name
        # The template the face stands for says the same.
        assert face["html"] == render_to_string("games/_card.html", {"c": face})


def test_the_name_follows_the_language_even_after_another_language_drew_the_card():
    with translation.override("en"):
        assert _label(card("JS")["html"]) == "Jack of spades"
    with translation.override("ru"):
        assert _label(card("JS")["html"]) == "валет пик"
