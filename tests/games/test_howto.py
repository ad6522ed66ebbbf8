"""The “how to play” text comes from the preset data, in every site language."""

from __future__ import annotations

import dataclasses

import pytest
from django.urls import reverse
from django.utils import translation

from games.engine.rules import PRESETS, rules_with_overrides
from games.howto import differences_from_classic, preset_howto

LANGS = ["en", "ru", "bg"]


def _text(howto) -> str:
    return "\n".join([howto.title, howto.summary, *(line for s in howto.sections for line in s.lines)])


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("lang", LANGS)
def test_every_preset_has_a_text_in_every_language(preset: str, lang: str) -> None:
    howto = preset_howto(preset, language=lang)
    text = _text(howto)
    assert len(howto.sections) >= 5
    assert all(section.lines for section in howto.sections)
    if lang != "en":
        # Translated: the Cyrillic script carries the text, not English left-overs.
        cyrillic = sum(1 for ch in text if "\u0400" <= ch <= "\u04ff")
        latin = sum(1 for ch in text if ch.isascii() and ch.isalpha())
        assert cyrillic > 5 * latin, f"{preset}/{lang} is mostly untranslated"


def test_text_follows_the_preset_parameters() -> None:
    classic = _text(preset_howto("classic", language="en"))
    assert "Mourn" in classic and "Four aces" in classic and "Helicopter" in classic
    assert "Shoot" not in classic and "joker" not in classic
    bulgarian = _text(preset_howto("bulgarian36", language="en"))
    assert "Shoot" in bulgarian and "Wrap" in bulgarian and "Mourn" not in bulgarian
    assert "Only players who kept their promise collect" in bulgarian
    student = _text(preset_howto("student", language="en"))
    assert "joker" in student and "top or the bottom" in student


def test_an_override_changes_the_text() -> None:
    base = _text(preset_howto("classic", language="en"))
    changed = _text(preset_howto(rules_with_overrides("classic", {"failed_collect": False}), language="en"))
    assert "even if he failed" in base
    assert "even if he failed" not in changed and "Only players who kept their promise" in changed


@translation.override("en")
def test_differences_from_classic_name_each_changed_parameter() -> None:
    assert differences_from_classic(PRESETS["classic"]) == ()
    diffs = differences_from_classic(PRESETS["zone52"])
    assert any("paid out to the winners" in d for d in diffs)
    assert any("every deal" in d for d in diffs)
    moryak = dataclasses.replace(PRESETS["classic"], name="moryak")
    assert differences_from_classic(moryak) == ()


@pytest.mark.django_db
def test_rules_pages_render_full_and_partial(client) -> None:
    page = client.get(reverse("rules_preset", args=["zone52"]))
    assert page.status_code == 200
    assert b"<html" in page.content and "Khrap with 52 cards" in page.content.decode()
    partial = client.get(reverse("rules_preset", args=["student"]), HTTP_HX_REQUEST="true")
    assert partial.status_code == 200
    body = partial.content.decode()
    assert "<html" not in body and 'id="howto"' in body and "Student Khrap" in body
    assert client.get(reverse("rules_preset", args=["nonsense"])).status_code == 404


@pytest.mark.django_db
def test_rules_page_in_russian(client) -> None:
    page = client.get(reverse("rules_index"), HTTP_ACCEPT_LANGUAGE="ru")
    assert "Классический храп" in page.content.decode()
