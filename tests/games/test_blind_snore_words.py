"""A Khrap table with the blind bid added (``overrides={"dark": "blind"}``) called it "blind frap" on
its button, in its statuses and in its how-to (review 28's note): its bids are snores, so it says
"blind snore"; Frap's own blind frap is unchanged."""

from __future__ import annotations

import dataclasses

import pytest
from django.utils import translation

from games.engine import PRESETS
from games.howto import preset_howto
from games.presenter import status_words


def _howto_text(rules, language: str) -> str:
    howto = preset_howto(rules, language=language)
    return " ".join(line for section in howto.sections for line in section.lines)


@pytest.mark.parametrize(
    ("language", "snore", "frap"),
    [
        ("en", "blind snore", "blind frap"),
        ("ru", "храп втёмную", "фрап втёмную"),
        ("bg", "хъркане на сляпо", "фрап на сляпо"),
    ],
)
def test_blind_is_said_in_the_tables_own_words(language, snore, frap):
    classic_blind = dataclasses.replace(PRESETS["classic"], dark="blind")
    frap_blind = dataclasses.replace(PRESETS["frap"], dark="blind")
    with translation.override(language):
        assert status_words("classic")["blind"] == snore
        assert status_words("frap")["blind"] == frap
    assert snore.capitalize() in _howto_text(classic_blind, language)
    assert frap.capitalize() not in _howto_text(classic_blind, language)
    assert frap.capitalize() in _howto_text(frap_blind, language)
