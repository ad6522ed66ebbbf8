"""``{% load live_frame %}{% live_frame %}``: the table's live frame on a page (``games.live_frame``),
from the page's ``presenter.table_context``, with the page's CSRF token in its forms."""

from __future__ import annotations

from django import template
from django.template.context import Context
from django.utils.safestring import SafeString

from games.live_frame import csrf_input, live_frame_html

register = template.Library()


@register.simple_tag(takes_context=True)
def live_frame(context: Context) -> SafeString:
    return live_frame_html(
        context.flatten(), csrf=csrf_input(context.get("csrf_token")), replay=bool(context.get("replay"))
    )
