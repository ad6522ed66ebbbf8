"""A number typed in plain digits but past the field's bound is told the bound, in the reader's
language (review 9: 21 digits or more read "Enter a whole number with the digits 0–9 only", which
they were)."""

from __future__ import annotations

import pytest
from django import forms
from django.utils import translation

from club.fields import WholeNumberField


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("9" * 25, "less than or equal to 1000"),
        ("-" + "9" * 25, "greater than or equal to 1"),
        ("1_000", "digits 0–9 only"),
        ("١٢٣", "digits 0–9 only"),
    ],
)
def test_the_refusal_says_what_is_wrong(typed, said):
    field = WholeNumberField(min_value=1, max_value=1000)
    with pytest.raises(forms.ValidationError) as refused:
        field.clean(typed)
    assert said in " ".join(refused.value.messages)


def test_the_bound_is_said_in_russian():
    with translation.override("ru"), pytest.raises(forms.ValidationError) as refused:
        WholeNumberField(min_value=1, max_value=1000).clean("9" * 30)
    assert "1000" in refused.value.messages[0] and "цифрами" not in refused.value.messages[0]
