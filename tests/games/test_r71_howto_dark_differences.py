"""Review 71: "Differences from Classic Khrap" called Bulgarian wrap and Frap's blind frap "dark play".

The list's line for the ``dark`` parameter said "Dark play before looking at the cards." (ru «Игра
втёмную», bg „Игра на тъмно“) for every form but Zone 52's wrap. Bulgarian 36's bid is "Wrap"
(„Обвиване“) on its button, in its log and in the how-to above the list; Frap's is "Blind frap".
Russian and Bulgarian players know «в тёмную» / „на тъмно“ as Moryak's other bid."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import pgettext

from games.engine import PRESETS
from games.howto import preset_howto

DARK_PLAY = {"en": "Dark play", "ru": "втёмную, не глядя", "bg": "Игра на тъмно"}


def _differences(preset: str, language: str) -> tuple[str, ...]:
    return preset_howto(PRESETS[preset], language=language).differences


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
@pytest.mark.parametrize(("preset", "word"), [("bulgarian36", "wrap"), ("frap", "blind frap")])
def test_the_difference_names_the_bid_as_its_button_does(preset: str, word: str, language: str) -> None:
    lines = _differences(preset, language)
    with translation.override(language):
        name = pgettext("status", word).capitalize()
    assert any(line.startswith(name) for line in lines), (name, lines)
    assert not any(DARK_PLAY[language] in line for line in lines), lines


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_moryaks_dark_is_still_dark_play(language: str) -> None:
    assert any(DARK_PLAY[language] in line for line in _differences("moryak", language))
