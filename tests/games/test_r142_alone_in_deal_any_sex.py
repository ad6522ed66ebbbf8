"""Review 142: when every other player had passed, the Russian deal log said "Mila — единственный,
кто остался в сдаче" and the Bulgarian "Даша е единственият останал": a man's words for every
player, the demo's Mila, Даша and Vera included, where the catalogue says "убран(а)" and "ушёл
(ушла)" elsewhere. The line names the player beside "игрок"/"играч" now, whose words do not depend
on the player's sex. English names nobody's sex and is kept."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.presenter import log_lines, status_words

PUBLIC = {
    "deal": {
        "players": ["Даша", "Глеб"],
        "log": [
            {"type": "Declared", "seat": 0, "status": "snore"},
            {"type": "Passed", "seat": 1},
            {"type": "DealOver", "result": "played"},
            {"type": "ChipsMoved", "kind": "payout", "src": "bank", "dst": "stack:0", "amount": 20},
        ],
    }
}

LINES = {
    "en": "Даша is the only one left in the deal and takes every trick without play.",
    "ru": "В сдаче остался только один игрок — Даша — и берёт все взятки без розыгрыша.",
    "bg": "В раздаването остава само един играч — Даша — и взема всички ръце без игра.",
}


@pytest.mark.parametrize("language", sorted(LINES))
def test_the_last_one_in_the_deal_is_told_in_words_for_anyone(language: str) -> None:
    with translation.override(language):
        lines = log_lines(PUBLIC, status_words("classic"))
    assert LINES[language] in lines, lines
