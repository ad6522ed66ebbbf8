"""Review 74: the deal's log as a Russian or Bulgarian player reads it, and hears it (each card in it is
said by its name, "дама червей"): a card's name goes into the sentence as it stands, so the sentence
must take it in any gender and case. "Pyotr играет дама червей" (a queen needs "даму") and
"Открыта и отложена король пик" / "поп купа е обърната" (a feminine verb for a king) did not."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.presenter import _cards_named, log_lines, status_words

PUBLIC = {
    "deal": {
        "players": ["Vera", "Pyotr"],
        "log": [
            {"type": "TrumpTurned", "card": "KS"},
            {"type": "TrumpTurned", "card": "QH"},
            {"type": "Played", "seat": 1, "card": "QH"},
            {"type": "Played", "seat": 0, "card": "JH"},
        ],
    }
}


def _heard(language: str) -> list[str]:
    """Each line as a screen reader says it: the cards by their names."""
    with translation.override(language):
        lines = [_cards_named(line) for line in log_lines(PUBLIC, status_words("classic"))]
    return [
        line.split("<span", 1)[0] + line.split('aria-label="', 1)[1].split('"', 1)[0] + line.rsplit(">", 1)[1]
        for line in lines
    ]


@pytest.mark.parametrize(
    ("language", "heard"),
    [
        (
            "ru",
            [
                "Карта король пик открыта и отложена: эта масть уже была козырем в этой сдаче.",
                "Козырь: дама червей.",
                "Pyotr ходит: дама червей.",
                "Vera ходит: валет червей.",
            ],
        ),
        (
            "bg",
            [
                "Картата поп пика е обърната и оставена настрана: тази боя вече е била коз в това раздаване.",
                "Коз: дама купа.",
                "Pyotr играе дама купа.",
                "Vera играе вале купа.",
            ],
        ),
    ],
)
def test_a_card_s_name_fits_the_sentence_it_is_said_in(language: str, heard: list[str]) -> None:
    assert _heard(language) == heard
