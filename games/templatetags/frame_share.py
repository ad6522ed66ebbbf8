"""``{% shared "name" arg... %}...{% endshared %}``: a part of a table frame rendered once per update.

After a move every socket of a table in this process renders its own frame of the same update, and
most of a frame (the seats, the table's centre, the deal's log and settlement) is the same for every
reader of one language. Such a part is rendered by the first reader and given to the others.

The key is the update's identity (``share`` in the context: a fresh id per update that
``games.broadcast`` puts in every message of it, so a part is never served from another update),
the part's name, the language, and the block's arguments: whatever the part shows that differs
between readers (is this seat mine, may I manage the table...) must be among them. A part must
use the reader's view only for what every view of the deal shows alike: never ``view.hand`` nor
``view.legal_actions``. Without a ``share`` in the context (a page, a frame read for one socket) the
block renders as if the tag were not there.

``{% shared "name" arg... by_content %}``: the arguments are the part's whole input (besides the
language), so the part is shared across updates as well: a seat whose facts did not change in a
move is not drawn again. Whoever writes such a part must put everything it shows in its arguments.

One value changes between two readers of one update: the turn clock's milliseconds left, which are
read at render time. A shared part is rendered with a mark in place of ``clock_ms``, and each reader
gets his own value put in.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from django import template
from django.template.base import FilterExpression, NodeList, Parser, Token
from django.template.context import Context
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from .frame_i18n import LANGUAGE_KEY

register = template.Library()

#: Parts kept per process: one update of a six-seat table makes about twenty.
SHARED_KEPT = 4096
_CLOCK_MARK = "\x00clock-ms\x00"
_PARTS: OrderedDict[tuple[Any, ...], str] = OrderedDict()
_LOCK = threading.Lock()


def shared_parts_clear() -> None:
    with _LOCK:
        _PARTS.clear()


class SharedNode(template.Node):
    def __init__(
        self, name: str, args: list[FilterExpression], nodelist: NodeList, *, by_content: bool = False
    ) -> None:
        self.name = name
        self.args = args
        self.nodelist = nodelist
        self.by_content = by_content

    def render(self, context: Context) -> SafeString | str:
        share = context.get("share")
        if share is None:
            return self.nodelist.render(context)
        language = context.render_context.get(LANGUAGE_KEY)
        if language is None:  # asked once per render, as frame_i18n does
            language = context.render_context[LANGUAGE_KEY] = translation.get_language() or ""
        key = (
            None if self.by_content else share,
            self.name,
            language,
            context.autoescape,
            *(arg.resolve(context) for arg in self.args),
        )
        with _LOCK:
            text = _PARTS.get(key)
        if text is None:
            with context.push(clock_ms=_CLOCK_MARK):
                text = self.nodelist.render(context)
            with _LOCK:
                _PARTS[key] = text
                while len(_PARTS) > SHARED_KEPT:
                    _PARTS.popitem(last=False)
        if _CLOCK_MARK in text:
            text = text.replace(_CLOCK_MARK, str(context.get("clock_ms")))
        return mark_safe(text)  # rendered by the template engine, escaped there


@register.tag("shared")
def do_shared(parser: Parser, token: Token) -> SharedNode:
    bits = token.split_contents()
    if len(bits) < 2 or bits[1][0] not in "\"'" or bits[1][-1] != bits[1][0]:
        raise template.TemplateSyntaxError('{% shared "name" arg... %}: the part needs a quoted name')
    by_content = bits[-1] == "by_content"
    if by_content:
        bits = bits[:-1]
    nodelist = parser.parse(("endshared",))
    parser.delete_first_token()
    args = [parser.compile_filter(bit) for bit in bits[2:]]
    return SharedNode(bits[1][1:-1], args, nodelist, by_content=by_content)
