"""``{% load live_frame %}{% live_frame %}``: the table's live frame on a page (``games.live_frame``),
from the page's ``presenter.table_context``, with the page's CSRF token in its forms."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.template.context import Context
from django.utils.safestring import SafeString

from games.live_frame import csrf_input, live_frame_html

register = template.Library()

#: What the frame reads of its table, when a page has put the table itself (a ``TableSession``) in
#: the context in place of the presenter's picture of it (a deal's page does, for its own heading).
_SESSION_FIELDS = ("id", "title", "stake", "practice", "status", "buy_in_min", "buy_in_max", "turn_seconds")


@register.simple_tag(takes_context=True)
def live_frame(context: Context) -> SafeString:
    frame: dict[str, Any] = context.flatten()
    session = frame.get("session")
    if session is not None and not isinstance(session, Mapping):
        frame["session"] = {name: getattr(session, name) for name in _SESSION_FIELDS}
    return live_frame_html(
        frame, csrf=csrf_input(context.get("csrf_token")), replay=bool(context.get("replay"))
    )
