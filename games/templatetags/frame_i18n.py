"""``{% load frame_i18n %}`` after ``{% load i18n %}``: a ``{% translate %}`` of a fixed string is
looked up once per language and process, then served from the node.

Every seat's frame is rendered on every move, and its fifty-odd fixed words were a quarter of the
rendering time: each ``{% translate %}`` resolves a variable, asks the active translation (an
``asgiref`` local) and escapes the result again. A fixed message in a given language always gives the
same text (catalogues are compiled and loaded once), so the node keeps the rendered text by language.
The tag keeps its name and syntax, so ``makemessages`` still finds every message; anything but a
plain fixed message (``as``, filters, a context taken from a variable) renders as ``i18n`` does.
"""

from __future__ import annotations

from django import template
from django.template.base import FilterExpression, Parser, Token
from django.template.context import Context
from django.templatetags.i18n import TranslateNode, do_translate
from django.utils import translation

register = template.Library()
LANGUAGE_KEY = "frame_i18n.language"


def _fixed(expression: FilterExpression | None) -> bool:
    # A quoted constant is parsed to a str (a message context) or a Variable with a literal.
    return expression is None or (
        not expression.filters
        and (isinstance(expression.var, str) or getattr(expression.var, "literal", None) is not None)
    )


class FixedTranslateNode(TranslateNode):
    """A ``TranslateNode`` whose output depends only on the language (and on autoescaping)."""

    def __init__(self, node: TranslateNode) -> None:
        super().__init__(node.filter_expression, node.noop, node.asvar, node.message_context)
        # Written once per language and autoescape setting; a race writes the same text twice.
        self.by_language: dict[tuple[str, bool], str] = {}

    def render(self, context: Context) -> str:
        # The language is asked once per render (an asgiref local is slow to read), not per word.
        language = context.render_context.get(LANGUAGE_KEY)
        if language is None:
            language = context.render_context[LANGUAGE_KEY] = translation.get_language() or ""
        key = (language, context.autoescape)
        text = self.by_language.get(key)
        if text is None:
            text = self.by_language[key] = super().render(context)
        return text


@register.tag("translate")
@register.tag("trans")
def do_translate_fixed(parser: Parser, token: Token) -> TranslateNode:
    node = do_translate(parser, token)
    if node.asvar is None and _fixed(node.filter_expression) and _fixed(node.message_context):
        return FixedTranslateNode(node)
    return node
