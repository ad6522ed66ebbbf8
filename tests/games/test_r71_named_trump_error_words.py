"""Review 71: a named-trump rule change refused with other words than the game's.

A manager who asked for cheer at a Named-5 table read, in Russian, that a named trump has no
«радости», «горя»; the table's buttons, its log and the how-to call them «веселить» and «тосковать»
(in Bulgarian „радост“ for the game's „забавление“). The refusal names them as the game does."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import pgettext

from games.engine import RulesError, rules_with_overrides
from games.rules_errors import rules_error_text


def _refusal(language: str) -> str:
    with pytest.raises(RulesError) as refused:
        rules_with_overrides("named5", {"cheer": "holds_trump_ace"})
    with translation.override(language):
        return rules_error_text(refused.value)


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_the_refusal_names_cheer_mourn_and_helicopter_as_the_game_does(language: str) -> None:
    text = _refusal(language)
    with translation.override(language):
        words = [pgettext("status", w) for w in ("cheer", "mourn", "helicopter")]
    for word in words:
        assert word in text, (word, text)
    assert "радост" not in text and "горя" not in text, text


def test_english_is_unchanged() -> None:
    assert _refusal("en") == (
        "with a named trump there is no cheer, mourn, helicopter, dark play or taking of the trump card"
    )
