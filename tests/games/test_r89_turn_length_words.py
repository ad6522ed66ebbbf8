"""Review 89: the time per turn, in the table form, reads as minutes and seconds (a 10-minute turn
was "600" seconds to type and to read back)."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.forms import TableSessionForm


def _errors(value: str) -> list[str]:
    form = TableSessionForm(data={"turn_seconds": value})
    form.is_valid()
    return list(form.errors.get("turn_seconds", []))


@pytest.mark.parametrize(
    ("typed", "seconds"),
    [("10:00", 600), ("1:30", 90), ("0:05", 5), (" 2:05 ", 125), ("90", 90), ("600", 600), ("00:45", 45)],
)
def test_minutes_and_seconds_or_whole_seconds_are_read(typed: str, seconds: int) -> None:
    assert TableSessionForm.base_fields["turn_seconds"].clean(typed) == seconds


def test_the_form_shows_minutes_and_seconds() -> None:
    html = str(TableSessionForm()["turn_seconds"])
    assert 'value="0:30"' in html, html
    bound = TableSessionForm(data={"turn_seconds": "600"})
    assert bound["turn_seconds"].value() == "600"  # what he typed is given back as typed


@pytest.mark.parametrize(
    "typed", ["10:01", "0:04", "4", "1:60", "1:5", "1.30", "١:٣٠", "-1:00", ":30", "1:30:00"]
)
def test_odd_or_out_of_bounds_times_are_refused_in_minutes_and_seconds(typed: str) -> None:
    errors = _errors(typed)
    assert errors, typed
    assert "600" not in " ".join(errors)


def test_the_bounds_are_said_in_minutes_and_seconds() -> None:
    assert _errors("10:01") == ["Take at most 10:00 per turn."]
    assert _errors("0:04") == ["Take at least 0:05 per turn."]


@pytest.mark.parametrize(
    ("language", "label", "help_word"),
    [("ru", "Время на ход", "минут"), ("bg", "Време за ход", "минути")],
)
def test_the_field_speaks_the_reader_s_language(language: str, label: str, help_word: str) -> None:
    field = TableSessionForm.base_fields["turn_seconds"]
    with translation.override(language):
        assert str(field.label) == label
        assert help_word in str(field.help_text)
        assert "10:00" in _errors("10:01")[0]
        assert "Take" not in _errors("10:01")[0]
