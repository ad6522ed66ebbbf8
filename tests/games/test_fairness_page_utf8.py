"""The Fairness page gave the recipe SHA-256(seed ‖ SHA-256(string 1) ‖ …) without saying how a
string becomes bytes: a checker hashing "ёлка" as UTF-16 or Latin-1 got another deck and took the
site for a cheat. The page says UTF-8 (the engine's fairness.mix_client_seeds), in every language."""

from __future__ import annotations

import hashlib

import pytest
from django.test import Client

from games.engine import fairness


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "words"), [("en", "UTF-8 bytes"), ("ru", "байтов UTF-8"), ("bg", "байтовете си в UTF-8")]
)
def test_the_page_says_how_strings_become_bytes(language, words):
    page = Client().get("/fairness/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert words in page
    # And the engine does what the page says: the recipe with UTF-8 bytes gives its seed.
    seed = bytes(range(32))
    strings = ["ёлка", "דוד", "x"]
    recipe = hashlib.sha256(seed + b"".join(hashlib.sha256(t.encode("utf-8")).digest() for t in strings))
    assert fairness.deck_seed(seed, strings) == recipe.digest()
