"""Review 142: when the clock moved for a player, the Russian deal log read "Ход за Руслан сделан
автоматически:". After "за" Russian wants the name in the accusative ("за Руслана"), which a name
filled in as written cannot be: the line read as broken Russian on every default move, the most
common line of an evening with a short clock. The name now stands after a noun that carries the
case ("за игрока Руслан"), as the catalogue's other lines do ("участнику %(member)s"). Bulgarian has
no case for names and English none either: their lines are kept as they were."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.presenter import log_lines, status_words

PUBLIC = {
    "deal": {
        "players": ["Руслан", "Божидар"],
        "log": [{"type": "Passed", "seat": 0, "actor": "timeout", "seq": 3}],
    }
}


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The clock moves for Руслан:"),
        ("ru", "Ход за игрока Руслан сделан автоматически:"),
        ("bg", "Ход вместо Руслан е направен автоматично:"),
    ],
)
def test_the_clock_move_line_reads_in_each_language(language: str, said: str) -> None:
    with translation.override(language):
        lines = log_lines(PUBLIC, status_words("classic"))
    assert lines[0] == said, lines
    if language == "ru":
        # No name straight after a preposition: "за Руслан" wants a case the name does not take.
        assert "за Руслан" not in lines[0]
