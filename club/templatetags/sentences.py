"""Sentences put together from translated words and formatted values."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter
def one_full_stop(text: str) -> str:
    """A sentence that ends with a value ending in a full stop, and adds its own: a Russian date ends
    with "г." ("5 декабря 2026 г."), so "Since {date}." read "... г..". An ellipsis stays."""
    if text.endswith("..") and not text.endswith("..."):
        # Cutting a full stop off keeps text that was safe safe (a slice of it is a plain str, which
        # would be escaped a second time).
        return mark_safe(text[:-1]) if isinstance(text, SafeString) else text[:-1]
    return text
