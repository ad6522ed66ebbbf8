"""``{% url %}`` with its answers remembered: a template builtin (``TEMPLATES`` ``builtins``) that
replaces Django's tag of the same name in every template.

A page reverses the same URLs on every request (its navigation, and per row of a list the same few
views with the row's id): Django's ``reverse`` walks the resolver each time, ~50 µs a URL, which was a
fifth of the club page's time. The answer depends only on what the key holds — the view's name, its
arguments, the namespace asked for, the URLconf, the script prefix and the language (for translated
patterns) — so it is remembered per key. Arguments other than ints and strings (a model instance,
a lazy string) are not remembered: reversed each time, as before. A failed reverse is never
remembered. The tag's syntax, escaping and ``as var`` are Django's own (its parser and node).
"""

from __future__ import annotations

from typing import Any

from django import template
from django.conf import settings
from django.template import defaulttags
from django.template.base import Parser, Token
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape
from django.utils.translation import get_language

register = template.Library()

#: Enough for every URL of a busy club's pages; past it the memo starts again (no eviction order to
#: keep, and a clear costs one reverse per URL afterwards).
MOST = 20_000

_memo: dict[tuple[Any, ...], str] = {}


def _plain(value: Any) -> bool:
    # A str subclass (a template's literal is a SafeString) hashes and formats as its text; bool is an
    # int subclass kept out, as any other number or object (whose text might change).
    return type(value) is int or isinstance(value, str)


def reverse_memo(view_name: str, args: list[Any], kwargs: dict[str, Any], current_app: str | None) -> str:
    """``reverse(view_name, args=args, kwargs=kwargs, current_app=current_app)``, remembered."""
    if not (
        isinstance(view_name, str)
        and all(_plain(a) for a in args)
        and all(_plain(v) for v in kwargs.values())
    ):
        return reverse(view_name, args=args, kwargs=kwargs, current_app=current_app)
    key = (
        view_name,
        tuple(args),
        tuple(sorted(kwargs.items())),
        current_app,
        # The URLconf in use: a request's own, else the setting (which a test may override).
        get_urlconf() or settings.ROOT_URLCONF,
        get_script_prefix(),
        get_language(),
    )
    url = _memo.get(key)
    if url is None:
        url = reverse(view_name, args=args, kwargs=kwargs, current_app=current_app)
        if len(_memo) >= MOST:
            _memo.clear()
        _memo[key] = url
    return url


class MemoURLNode(defaulttags.URLNode):
    def render(self, context: template.Context) -> str:
        # Django's URLNode.render, with reverse_memo for reverse.
        args = [arg.resolve(context) for arg in self.args]
        kwargs = {k: v.resolve(context) for k, v in self.kwargs.items()}
        view_name = self.view_name.resolve(context)
        try:
            current_app = context.request.current_app
        except AttributeError:
            try:
                current_app = context.request.resolver_match.namespace
            except AttributeError:
                current_app = None
        url = ""
        try:
            url = reverse_memo(view_name, args, kwargs, current_app)
        except NoReverseMatch:
            if self.asvar is None:
                raise
        if self.asvar:
            context[self.asvar] = url
            return ""
        if context.autoescape:
            url = conditional_escape(url)
        return url


@register.tag
def url(parser: Parser, token: Token) -> MemoURLNode:
    node = defaulttags.url(parser, token)
    return MemoURLNode(node.view_name, node.args, node.kwargs, node.asvar)
