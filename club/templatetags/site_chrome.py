"""``{% language_options %}``: the language switch's options on every page, rendered once per
process and language (``base.html#language-options``).

They depend on nothing but the active language (which one is selected; the names are each
language's own), and looking up the languages' information and looping over them cost every page.
"""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.template.loader import render_to_string
from django.utils import translation

register = template.Library()


@lru_cache(maxsize=16)
def _options(language: str | None) -> str:
    return render_to_string("base.html#language-options", {"LANGUAGE_CODE": language})


@register.simple_tag
def language_options() -> str:
    """The options, the active language selected (base.html's ``LANGUAGE_CODE``)."""
    return _options(translation.get_language())
