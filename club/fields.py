"""Form fields for what people type: chips, limits, counts, and times on their own clock."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from django import forms
from django.contrib.auth.forms import UsernameField
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator, MaxValueValidator, MinValueValidator
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from .confusables import LONGEST_TYPED_USERNAME

_WHOLE = re.compile(r"-?[0-9]+")
#: An id as the site writes one. ``int()`` also reads other scripts' digits ("١٢", "１２"), a sign and
#: underscores ("+12", "1_2"): such a value chose a row nobody had picked (review 159).
_PLAIN_ID = re.compile(r"[0-9]{1,19}")


def plain_id(value: Any) -> bool:
    """Whether a posted id is written with the digits 0–9 alone (a number given by code passes)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, str) and _PLAIN_ID.fullmatch(value) is not None)


class PlainIdChoiceField(forms.ModelChoiceField):
    """A ``ModelChoiceField`` of rows with integer ids that takes a posted id only in the digits 0–9;
    any other spelling is no choice, as an unknown id is."""

    def to_python(self, value: Any) -> Any:
        if isinstance(value, str) and value not in self.empty_values and not plain_id(value):
            raise ValidationError(self.error_messages["invalid_choice"], code="invalid_choice")
        return super().to_python(value)


class BoundedUsernameField(UsernameField):
    """Django's username field (stripped, then NFKC), which refuses a text far longer than any username
    before it normalises it. Django's checks the length after, and its log-in form never: a name of
    two million characters was normalised, then folded and looked up by the log-in (review 147)."""

    def to_python(self, value: Any) -> Any:
        if isinstance(value, str) and len(value) > LONGEST_TYPED_USERNAME:
            # The words Django's own length check says ("at most 150 characters (it has …)").
            MaxLengthValidator(self.max_length or 150)(value)
        return super().to_python(value)


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
            negative = text.startswith("-")
            # The value, not what was typed: "0…05" with twenty zeros is 5, and was refused as past
            # the bound by its length (review 112).
            digits = text.lstrip("-").lstrip("0") or "0"
            if len(digits) > 20:
                # Plain digits, only too many to read (int() of a long text is slow): say the bound
                # it is past, not "digits 0-9 only", which they are.
                self._too_far(negative)
            value = f"-{digits}" if negative else digits
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


class WallClockField(forms.DateTimeField):
    """A date and time typed on the reader's clock (his time zone): a table's start and end, the end
    of a ban or a suspension on the club page. One that comes twice, the night the clocks go back,
    is the first (summer time), as a weekly table's repeat reads it: Django refused it as "ambiguous
    or not existing", and no table could be set for that hour at all. One the clocks skip, the night
    they go forward, is refused in words that say so (review 83). Read to the minute, as every page
    shows it: seconds typed made a table shown "20:00" deal at 20:00:37, and moving it to the 20:00
    it showed moved it."""

    def to_python(self, value: Any) -> datetime | None:
        try:
            read = super().to_python(value)
        except forms.ValidationError as exc:
            if getattr(exc, "code", None) != "ambiguous_timezone":
                raise
            read = self._first_of_two(exc.params["datetime"])
        return read.replace(second=0, microsecond=0) if read is not None else None

    def _first_of_two(self, wall: datetime) -> datetime:
        zone = timezone.get_current_timezone()
        first = wall.replace(tzinfo=zone)  # fold 0: the first of the two, or read on the old offset
        if first.astimezone(UTC).astimezone(zone).replace(tzinfo=None) == wall:
            return first
        raise forms.ValidationError(
            _(
                "There is no %(time)s on %(day)s in %(zone)s: the clocks go forward that night. Choose "
                "another time."
            ),
            code="skipped_time",
            params={
                "time": date_format(wall, "TIME_FORMAT"),
                "day": date_format(wall, "DATE_FORMAT"),
                "zone": str(zone),
            },
        )
