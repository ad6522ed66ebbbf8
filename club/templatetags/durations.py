"""``{{ delta|duration_words }}``: a length of time in words of the active language ("1 час",
"1 ден", "1 hour, 30 minutes"), where ``str(timedelta)`` printed "1 day, 0:00:00" in English."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django import template
from django.utils.timesince import timesince

register = template.Library()

_ORIGIN = datetime(2000, 1, 1, tzinfo=UTC)


@register.filter
def duration_words(value: object) -> str:
    if not isinstance(value, timedelta):
        return "" if value is None else str(value)
    # Two units at most, as Django's own "time since" reads: "1 day, 2 hours".
    return timesince(_ORIGIN, _ORIGIN + value, depth=2)
