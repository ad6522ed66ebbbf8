"""A balance-over-time chart drawn as SVG on the server: no JavaScript, no chart library."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def reader_day(moment: datetime) -> str:
    """A moment's date as the reader counts days: in his time zone, in his language's short format
    (the statement beside the chart shows its times so)."""
    return date_format(timezone.localtime(moment), "SHORT_DATE_FORMAT")


def balance_chart_svg(
    points: Sequence[tuple[datetime, int]], *, start: int = 0, width: int = 640, height: int = 180
) -> SafeString:
    """A step line of the balance after each entry (x is the entry's position, so a burst of entries
    in one minute stays readable), from ``start``, the balance before the first; the lowest and
    highest balances are labelled."""
    title = _("Balance over time")
    if not points:
        return format_html(
            '<svg class="chips-chart" role="img" viewBox="0 0 {} {}" width="{}" height="{}">'
            '<title>{}</title><text x="10" y="{}">{}</text></svg>',
            width,
            height,
            width,
            height,
            title,
            height // 2,
            _("No entries yet."),
        )
    pad_left, pad, inner_w, inner_h = 56, 12, width - 56 - 12, height - 2 * 12
    values = [start, *[balance for _when, balance in points]]  # from the balance before the first entry
    low, high = min(values), max(values)
    span = (high - low) or 1

    def x(i: int) -> float:
        return pad_left + inner_w * i / (len(values) - 1)

    def y(v: int) -> float:
        return pad + inner_h * (high - v) / span

    path = [f"M{x(0):.1f},{y(values[0]):.1f}"]
    for i in range(1, len(values)):
        path.append(f"H{x(i):.1f}V{y(values[i]):.1f}")
    first, last = points[0][0], points[-1][0]
    labels = format_html_join(
        "",
        '<text x="{}" y="{}" text-anchor="end" font-size="11">{}</text>',
        [(pad_left - 6, f"{y(high) + 4:.1f}", high), (pad_left - 6, f"{y(low) + 4:.1f}", low)],
    )
    return format_html(
        '<svg class="chips-chart" role="img" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
        'preserveAspectRatio="none"><title>{title}</title><desc>{desc}</desc>'
        '<line x1="{pl}" y1="{zero}" x2="{right}" y2="{zero}" stroke="#bbb" stroke-dasharray="3 3"/>'
        '{labels}<path d="{path}" fill="none" stroke="currentColor" stroke-width="2"/></svg>',
        w=width,
        h=height,
        title=title,
        # Two counts, each with its own plural ("1 entries", "now 1 chips": review 121).
        desc=_("%(entries)s; now %(chips)s.")
        % {
            "entries": ngettext(
                "%(n)s entry from %(first)s to %(last)s",
                "%(n)s entries from %(first)s to %(last)s",
                len(points),
            )
            % {"n": len(points), "first": reader_day(first), "last": reader_day(last)},
            "chips": ngettext("%(now)s chip", "%(now)s chips", values[-1]) % {"now": values[-1]},
        },
        pl=pad_left,
        right=width - pad,
        zero=f"{y(0):.1f}",
        labels=labels,
        path="".join(path),
    )
