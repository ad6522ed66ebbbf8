"""The deal's log said "Vera looks at his cards." for every player, Vera and Anna included: the
English line names nobody's sex ("their cards"); Russian and Bulgarian said it right already."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.presenter import log_lines, status_words

PUBLIC = {"deal": {"players": ["Vera", "Gleb"], "log": [{"type": "Looked", "seat": 0}]}}


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", "Vera looks at their cards."),
        ("ru", "Vera смотрит свои карты."),
        ("bg", "Vera поглежда картите си."),
    ],
)
def test_a_look_names_nobodys_sex(language: str, line: str) -> None:
    with translation.override(language):
        assert log_lines(PUBLIC, status_words("classic")) == [line]
