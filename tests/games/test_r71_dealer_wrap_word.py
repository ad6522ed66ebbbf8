"""Review 71: Zone 52's and Student's wrap had two Russian names.

The how-to (and its list of differences) calls the dealer's wrap «Обмен сдающего»; the table's button,
its log ("Vera объявляет «обмен вслепую»") and the settlement said «обмен вслепую», the name of
Bulgarian 36's unseen swap, though the dealer's wrap takes the face-up ace and needs no unseen card.
Each wrap is named on the table as its how-to names it."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.engine import PRESETS
from games.howto import preset_howto
from games.presenter import action_words, status_words

WRAPS = {"zone52": "dark", "student": "dark", "bulgarian36": "wrap_swap"}


def _howto_name(preset: str, language: str) -> str:
    """The name the how-to's line for the preset's wrap begins with."""
    lines = [line for s in preset_howto(PRESETS[preset], language=language).sections for line in s.lines]
    trump = {"en": "trump card", "ru": "козыр", "bg": "коз"}[language]
    dealer = {"en": "dealer", "ru": "сдающ", "bg": "раздаващ"}[language]
    wanted = dealer if PRESETS[preset].dark == "dealer_wrap" else trump
    names = ("wrap", "обмен", "обвиване")
    (line,) = [line for line in lines if line.lower().startswith(names) and wanted in line]
    return line.split(":")[0]


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
@pytest.mark.parametrize("preset", sorted(WRAPS))
def test_the_tables_word_for_the_wrap_is_the_howtos(preset: str, language: str) -> None:
    name = _howto_name(preset, language)
    with translation.override(language):
        words = status_words(preset)
        button = action_words({"do": WRAPS[preset], "position": 0}, preset)
    assert words["dark"].capitalize() == name, (words["dark"], name)
    assert button.startswith(name), (button, name)
