"""A right-to-left display name inside a log sentence: bare, "דוד plays 10♥." was laid out by the
browser's bidi algorithm as one right-to-left run with the card ("10♥ plays דוד." as read), and an
Arabic name before a number took the number into its run. The name is set between Unicode's
first-strong isolate and its pop; other names stay bare."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.presenter import log_lines, name_isolated, status_words

PUBLIC = {
    "deal": {
        "players": ["דוד", "Vera", "علي"],
        "log": [
            {"type": "Declared", "seat": 0, "status": "pass"},
            {"type": "Played", "seat": 0, "card": "10H"},
            {"type": "Played", "seat": 1, "card": "JH"},
            {"type": "TrickWon", "seat": 2, "trick_no": 1},
        ],
    }
}


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_right_to_left_names_are_isolated_in_every_sentence(language):
    with translation.override(language):
        lines = log_lines(PUBLIC, status_words("classic"))
    assert lines[0].startswith("\u2068דוד\u2069"), lines
    assert lines[1].startswith("\u2068דוד\u2069"), lines
    assert lines[2].startswith("Vera "), lines  # a left-to-right name is left as it is
    assert lines[3].startswith("\u2068علي\u2069"), lines


def test_only_names_with_right_to_left_letters_are_wrapped():
    assert name_isolated("Vera") == "Vera"
    assert name_isolated("Вера 2") == "Вера 2"
    assert name_isolated("Dov דוד") == "\u2068Dov דוד\u2069"
