"""A move the table cannot read is refused in the player's language, whatever is wrong with it.

The engine's own parse errors (``Action.from_json``) are English sentences for developers; a crafted
or stale socket frame naming a card that does not exist, a card twice, a suit or a Student's seven
that is not one reached a Russian or Bulgarian player as "'ZZ' is not a card." (outside review)."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.protocol import parse_message
from games.services.errors import TableError

BAD_MOVES = [
    {"do": "play", "seq": 0, "deal": 1, "card": "ZZ"},
    {"do": "exchange", "seq": 0, "deal": 1, "cards": ["AS", "AS"]},
    {"do": "exchange", "seq": 0, "deal": 1, "cards": ["AS", "1X"]},
    {"do": "play", "seq": 0, "deal": 1, "card": "AS", "suit": "Q"},
    {"do": "play", "seq": 0, "deal": 1, "card": "7S", "as": "queen"},
]

#: The engine's English, which must not reach a reader of another language.
ENGLISH = ("is not a card", "named twice", "is not a suit", "must be", "There is no action")


def _refusal(message: dict, language: str) -> TableError:
    with translation.override(language), pytest.raises(TableError) as caught:
        parse_message(message)
    return caught.value


@pytest.mark.parametrize("message", BAD_MOVES)
@pytest.mark.parametrize("language", ["ru", "bg"])
def test_an_unreadable_move_is_refused_in_the_players_language(message: dict, language: str) -> None:
    error = _refusal(message, language)
    assert error.code == "bad_message"
    with translation.override(language):
        text = str(error.message)
    assert not any(phrase in text for phrase in ENGLISH), text
    assert text != str(_refusal(message, "en").message)


@pytest.mark.parametrize("message", BAD_MOVES)
def test_an_unreadable_move_says_what_is_wrong_in_english(message: dict) -> None:
    text = str(_refusal(message, "en").message)
    assert any(word in text for word in ("card", "suit", "“as”")), text
