"""A manager's invalid rule change is explained in his language, not in the engine's English.

An outside review saw "Тези промени в правилата са невалидни: five_draw cannot be smaller than
hand_size". Every error the engine can raise on a rule change now has a code and a sentence in the
site's catalogues (ru, bg, en).
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from games.engine import RulesError, rules_with_overrides
from games.rules_errors import RULES_ERROR_TEXT, rules_error_text

from .test_admin import FORM

# One rule change per code the engine raises for a manager's overrides.
CASES = {
    "unknown_parameter": ("classic", {"\x00weird": 1}),
    "bad_choice": ("classic", {"trump_source": "moon"}),
    "not_boolean": ("classic", {"mourn": 1}),
    "not_whole": ("classic", {"hand_size": -1}),
    "bad_deck": ("classic", {"deck": 40}),
    "bad_range": ("classic", {"exchange_snorer": [3, 1]}),
    "bad_penalties": ("classic", {"penalty_blind": [-1]}),
    "bad_five": ("classic", {"five": ["seven"]}),
    "player_range": ("classic", {"min_players": 1}),
    "snore_tricks": ("classic", {"snore_tricks": 9}),
    "trump_rounds": ("classic", {"trump_rounds": 0}),
    "draw_too_small": ("classic", {"hand_size": 40}),
    "deck_too_small": ("classic", {"max_players": 12, "deck": 32}),
    "unknown_preset": ("no-such-preset", {}),
    "preset_name": ("classic", {"name": "mine"}),
}


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_error_has_its_code(code: str) -> None:
    preset, overrides = CASES[code]
    with pytest.raises(RulesError) as caught:
        rules_with_overrides(preset, overrides)
    assert caught.value.code == code
    assert code in RULES_ERROR_TEXT


@pytest.mark.parametrize("language", ["ru", "bg"])
@pytest.mark.parametrize("code", sorted(CASES))
def test_each_error_reads_in_the_managers_language(code: str, language: str) -> None:
    preset, overrides = CASES[code]
    with pytest.raises(RulesError) as caught:
        rules_with_overrides(preset, overrides)
    english = rules_error_text(caught.value)
    with translation.override(language):
        shown = rules_error_text(caught.value)
    assert shown != english, f"{code} is not translated into {language}"
    assert "%(" not in shown


def test_an_odd_parameter_name_is_shown_spelled_out_and_short() -> None:
    with pytest.raises(RulesError) as caught:
        rules_with_overrides("classic", {"\x00" + "x" * 500: 1})
    shown = rules_error_text(caught.value)
    assert "\\x00" in shown and "\x00" not in shown
    assert len(shown) < 140


@pytest.mark.django_db
def test_the_managers_page_shows_the_reason_in_bulgarian(owner, club) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="bg")
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    client.cookies["django_language"] = "bg"
    owner.preferred_language = "bg"
    owner.save(update_fields=["preferred_language"])
    response = client.post(
        "/admin/games/tablesession/add/",
        {**FORM, "club": club.pk, "title": "Bad", "overrides": '{"hand_size": 40}'},
    )
    page = response.content.decode()
    assert response.status_code == 200
    with translation.override("bg"):
        expected = str(RULES_ERROR_TEXT["draw_too_small"]) % {"name": "five_draw"}
    assert expected in page
    assert "cannot be smaller than hand_size" not in page
