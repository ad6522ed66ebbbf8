"""Review 112: a whole-number field refused a number by the length of what was typed: "0…05" with
twenty zeros was told "less than or equal to …", though it is 5. The field reads the value: leading
zeros count for nothing; a number past the bound is still told the bound, and an endless one is not
read whole."""

from __future__ import annotations

import pytest
from django import forms

from club.fields import WholeNumberField


class _Form(forms.Form):
    amount = WholeNumberField(min_value=1, max_value=10**15)


def _read(text: str):
    form = _Form({"amount": text})
    return form.cleaned_data["amount"] if form.is_valid() else form.errors["amount"][0]


@pytest.mark.parametrize("text", ["0" * 25 + "5", "0" * 5000 + "5", " 0005 "])
def test_leading_zeros_are_read_as_the_number(text):
    assert _read(text) == 5


def test_zeros_alone_are_zero_and_told_the_lower_bound():
    assert "greater than or equal to 1" in _read("0" * 30)
    assert "greater than or equal to 1" in _read("-" + "0" * 30 + "7")


@pytest.mark.parametrize("text", ["9" * 21, "0" * 10 + "9" * 21, "9" * 100_000])
def test_a_number_past_the_bound_is_told_the_bound(text):
    assert "less than or equal to" in _read(text)


def test_other_spellings_are_still_refused():
    for text in ["1_000", "+4", "3.0", "١٢٣", "0x10"]:
        assert "digits 0–9 only" in _read(text)
