"""Sentences put together from translated words and formatted values."""

from __future__ import annotations

from datetime import datetime

from django import template
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.safestring import SafeString, mark_safe

from club.confusables import truncate_whole

register = template.Library()


@register.filter
def truncatechars_whole(text: str, length: int) -> str:
    """``truncatechars`` that cuts no emoji in half (``truncate_whole``): a comment or a description
    cut inside "👩‍👩‍👧" or a flag showed a piece of it, or a letter in a box."""
    try:
        length = int(length)
    except (TypeError, ValueError):
        return text
    return truncate_whole(text, length)


@register.filter
def one_full_stop(text: str) -> str:
    """A sentence that ends with a value ending in a full stop, and adds its own: a Russian date ends
    with "г." ("5 декабря 2026 г."), so "Since {date}." read "... г..". An ellipsis stays."""
    if text.endswith("..") and not text.endswith("..."):
        # Cutting a full stop off keeps text that was safe safe (a slice of it is a plain str, which
        # would be escaped a second time).
        return mark_safe(text[:-1]) if isinstance(text, SafeString) else text[:-1]
    return text


@register.filter
def moment(value: datetime | None) -> str:
    """A time as a ban's notice writes each of its times: the locale's date and time in the reader's
    time zone, the zone named (review 156: its start was a date alone, its end a date and time, a
    cancelled reservation's start a third format with the zone). Ends with the zone's bracket, so a
    sentence's own full stop is never doubled."""
    if value is None:
        return ""
    when = date_format(timezone.localtime(value), "DATETIME_FORMAT")
    return f"{when} ({timezone.get_current_timezone_name()})"
