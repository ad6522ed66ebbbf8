"""Review 117: a table's "how to play" said how many cards a player who comes back with a five (or
six) draws in one form for every number: a table dealing 3 cards each, whose five draws 4, read
"берёт 4 карт" in Russian; one dealing a single card, whose five draws 1, "тегли 1 карти" in
Bulgarian and "draw 1 cards" in English. Both sentences (the cut after the help and after the
exchange) now have their plural forms."""

from __future__ import annotations

import pytest

from games.engine.rules import rules_with_overrides
from games.howto import preset_howto


def _text(preset: str, overrides: dict, language: str) -> str:
    howto = preset_howto(rules_with_overrides(preset, overrides), language=language)
    return "\n".join(line for section in howto.sections for line in section.lines)


@pytest.mark.parametrize(
    "preset, overrides, language, words",
    [
        # after the exchange (the Frap family)
        ("frap", {"hand_size": 3, "five_draw": 4, "snore_tricks": 1}, "ru", "берёт 4 карты и оставляет 3"),
        ("frap", {"hand_size": 3, "five_draw": 5, "snore_tricks": 1}, "ru", "берёт 5 карт и оставляет 3"),
        ("frap", {"hand_size": 1, "five_draw": 1, "snore_tricks": 1}, "bg", "тегли 1 карта и задържа 1"),
        ("frap", {"hand_size": 1, "five_draw": 1, "snore_tricks": 1}, "en", "draw 1 card and keep 1"),
        ("frap", {"hand_size": 3, "five_draw": 4, "snore_tricks": 1}, "en", "draw 4 cards and keep 3"),
    ],
)
def test_the_cards_a_five_draws_are_counted_in_the_right_form(preset, overrides, language, words) -> None:
    text = _text(preset, overrides, language)
    assert words in text, text
