"""A table or variant that deals other than four cards said so with one form for every number:
"По 3 карт каждому." (Russian wants "карты" after 2, 3, 4, 22…) and "По 1 карти на всеки."."""

from __future__ import annotations

import dataclasses

import pytest
from django.utils import translation

from games.engine.rules import PRESETS
from games.howto import differences_from_classic


@pytest.mark.parametrize(
    ("language", "size", "said"),
    [
        ("ru", 1, "По 1 карте каждому."),
        ("ru", 3, "По 3 карты каждому."),
        ("ru", 5, "По 5 карт каждому."),
        ("ru", 6, "По 6 карт каждому."),
        ("bg", 1, "По 1 карта на всеки."),
        ("bg", 3, "По 3 карти на всеки."),
        ("bg", 5, "По 5 карти на всеки."),
    ],
)
def test_the_hand_size_of_a_table_is_said_with_the_plural_its_number_takes(language, size, said):
    rules = dataclasses.replace(PRESETS["classic"], hand_size=size)
    with translation.override(language):
        assert said in differences_from_classic(rules)


def test_the_five_card_variants_say_five_cards():
    with translation.override("ru"):
        assert "По 5 карт каждому." in differences_from_classic(PRESETS["khrap5"])
    with translation.override("bg"):
        assert "По 5 карти на всеки." in differences_from_classic(PRESETS["named5"])
