"""Form fields for numbers people type: chips, limits, counts."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.translation import gettext_lazy as _

_WHOLE = re.compile(r"-?[0-9]+")


class WholeNumberField(forms.IntegerField):
    """An ``IntegerField`` that reads only the digits 0–9, with an optional minus sign.

    Django's field hands the text to ``int()``, which also reads ``1_000``, ``+4``, ``3.0`` and
    digits of other scripts (``١٢٣``): a manager who types ``1_0`` meaning something else would
    grant 10 chips without a word. Money is written plainly or refused with a sentence that says how.
    (The minus sign is read so that ``-5`` gets the field's own "at least 1" message.)
    """

    default_error_messages = {
        "invalid": _("Enter a whole number with the digits 0–9 only, such as 1500."),
    }

    def to_python(self, value: Any) -> int | None:
        if isinstance(value, str):
            text = value.strip()
            if text in self.empty_values:
                return None
            if not _WHOLE.fullmatch(text):
                raise ValidationError(self.error_messages["invalid"], code="invalid")
            if len(text) > 20:
                # Plain digits, only too many to read (int() of a long text is slow): say the bound
                # it is past, not "digits 0-9 only", which they are.
                self._too_far(text.startswith("-"))
            value = text
        return super().to_python(value)

    def _too_far(self, negative: bool) -> None:
        if negative and self.min_value is not None:
            validator: Any = MinValueValidator(self.min_value)
        elif not negative and self.max_value is not None:
            validator = MaxValueValidator(self.max_value)
        else:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        limit = validator.limit_value
        raise ValidationError(validator.message, code=validator.code, params={"limit_value": limit})
