"""The player page's charts, drawn as SVG on the server (no JavaScript, no chart library), in the
style of ``ledger.charts``: a title and a description for screen readers, sizes in the viewBox so
they scale to a phone, colours as attributes (the Content-Security-Policy allows no ``style``)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ledger.charts import reader_day

from .presenter import rank_name

GREEN, RED, MUTED, GOLD = "#2f6b45", "#b03a2e", "#999", "#c9a227"


def _text_width(texts: Sequence[str], size: int) -> int:
    """The room the longest of ``texts`` takes at ``size``: 0.6 em a character, as a sans-serif draws
    digits and Latin or Cyrillic letters at most. Sizes kept for short texts cut the numbers of a
    player of years ("100% (19999 of 2000", "12345678" without its minus)."""
    return math.ceil(0.6 * size * max((len(text) for text in texts), default=0))


def _empty(title: str, text: str, width: int, height: int) -> SafeString:
    return format_html(
        '<svg class="stats-chart" role="img" viewBox="0 0 {w} {h}" width="{w}" height="{h}">'
        '<title>{t}</title><text x="10" y="{y}">{text}</text></svg>',
        w=width,
        h=height,
        t=title,
        y=height // 2,
        text=text,
    )


def net_chart_svg(
    points: Sequence[tuple[datetime, int]], *, width: int = 640, height: int = 200
) -> SafeString:
    """His net chips after each deal: a line from the first deal shown to the last, a dashed zero."""
    title = _("Net chips over time")
    if not points:
        return _empty(title, _("No deal played yet."), width, height)
    values = [v for _when, v in points]
    low, high = min(0, *values), max(0, *values)
    # The scale's labels end 6 left of the chart: room for the longer of them.
    pad_left = max(56, _text_width([str(high), str(low)], 11) + 8)
    pad, inner_w, inner_h = 12, width - pad_left - 12, height - 2 * 12
    span = (high - low) or 1

    def x(i: int) -> float:
        return pad_left + (inner_w * i / (len(values) - 1) if len(values) > 1 else inner_w / 2)

    def y(v: int) -> float:
        return pad + inner_h * (high - v) / span

    line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    labels = format_html_join(
        "",
        '<text x="{}" y="{}" text-anchor="end" font-size="11">{}</text>',
        [(pad_left - 6, f"{y(high) + 4:.1f}", high), (pad_left - 6, f"{y(low) + 4:.1f}", low)],
    )
    return format_html(
        '<svg class="stats-chart" role="img" viewBox="0 0 {w} {h}" width="{w}" height="{h}">'
        "<title>{title}</title><desc>{desc}</desc>"
        '<line x1="{pl}" y1="{zero}" x2="{right}" y2="{zero}" stroke="#bbb" stroke-dasharray="3 3"/>'
        '{labels}<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"/>'
        '<circle cx="{lx}" cy="{ly}" r="3" fill="{colour}"/></svg>',
        w=width,
        h=height,
        title=title,
        # Counted as each language counts: "1 deals" and "1 chips" read wrong in English.
        desc=ngettext(
            "%(n)s deal from %(first)s to %(last)s; net chips after the last: %(now)s.",
            "%(n)s deals from %(first)s to %(last)s; net chips after the last: %(now)s.",
            len(points),
        )
        % {
            "n": len(points),
            "first": reader_day(points[0][0]),
            "last": reader_day(points[-1][0]),
            "now": values[-1],
        },
        pl=pad_left,
        right=width - pad,
        zero=f"{y(0):.1f}",
        labels=labels,
        line=line,
        colour=GREEN if values[-1] >= 0 else RED,
        lx=f"{x(len(values) - 1):.1f}",
        ly=f"{y(values[-1]):.1f}",
    )


def success_chart_svg(rows: Sequence[Mapping[str, Any]], *, width: int = 480) -> SafeString:
    """One bar per status: the share of his deals with it in which he took the tricks it promised."""
    title = _("Success rate per status")
    bar_h, gap, pad = 22, 10, 8
    height = max(len(rows), 1) * (bar_h + gap) + pad
    if not rows:
        return _empty(title, _("No status played yet."), width, 60)
    texts = [
        _("%(rate)s%% (%(made)s of %(deals)s)")
        % {"rate": row["rate"], "made": row["made"], "deals": row["deals"]}
        for row in rows
    ]
    # The bars keep their length; the names left of them and the numbers right of them take the
    # room they need ("хъркане на сляпо", "100% (19999 of 20000)"), the chart growing with them.
    inner = width - 100 - 120
    label_w = max(100, _text_width([str(row["label"]) for row in rows], 13) + 8)
    width = label_w + inner + max(120, _text_width(texts, 12) + 8)
    bars = format_html_join(
        "",
        '<text x="{lx}" y="{ty}" text-anchor="end" font-size="13">{label}</text>'
        '<rect x="{x}" y="{y}" width="{full}" height="{h}" fill="#eee"/>'
        '<rect x="{x}" y="{y}" width="{bar}" height="{h}" fill="{colour}"/>'
        '<text x="{tx}" y="{ty}" font-size="12">{text}</text>',
        [
            {
                "lx": label_w - 8,
                "ty": pad + i * (bar_h + gap) + 16,
                "label": row["label"],
                "x": label_w,
                "y": pad + i * (bar_h + gap),
                "full": inner,
                "bar": f"{inner * row['rate'] / 100:.1f}",
                "h": bar_h,
                "colour": GREEN if row["rate"] >= 50 else RED,
                "tx": label_w + inner + 8,
                "text": text,
            }
            for i, (row, text) in enumerate(zip(rows, texts, strict=True))
        ],
    )
    summary = "; ".join(f"{row['label']}: {row['rate']}%" for row in rows)
    return format_html(
        '<svg class="stats-chart" role="img" viewBox="0 0 {w} {h}" width="{w}" height="{h}">'
        "<title>{title}</title><desc>{desc}</desc>{bars}</svg>",
        w=width,
        h=height,
        title=title,
        desc=summary,
        bars=bars,
    )


def hand_svg(cards: Sequence[Mapping[str, Any]], *, hands: int, latest: bool = False) -> SafeString:
    """The cards of a typical winning hand: rank, trump or not, and how often such a card was in it.
    ``latest``: the hands are his latest deals won, as many as the chart reads, and he may have won
    more ("From 300 deals won" read as 300 in all)."""
    title = _("Cards of a typical winning hand")
    if not cards:
        return _empty(title, _("No deal won yet."), 480, 60)
    card_w, card_h, gap, pad = 64, 90, 14, 8
    width = pad * 2 + len(cards) * card_w + (len(cards) - 1) * gap
    height = card_h + 2 * pad + 22
    drawn = format_html_join(
        "",
        '<rect x="{x}" y="{y}" width="{cw}" height="{ch}" rx="7" fill="#fff" stroke="{edge}" '
        'stroke-width="{sw}"/>'
        '<text x="{cx}" y="{ry}" text-anchor="middle" font-size="26" font-weight="700" '
        'fill="{ink}">{rank}</text>'
        '<text x="{cx}" y="{ky}" text-anchor="middle" font-size="12" fill="{ink}">{kind}</text>'
        '<text x="{cx}" y="{sy}" text-anchor="middle" font-size="12">{share}</text>',
        [
            {
                "x": pad + i * (card_w + gap),
                "y": pad,
                "cw": card_w,
                "ch": card_h,
                "edge": GOLD if c["trump"] else MUTED,
                "sw": 3 if c["trump"] else 1,
                "cx": pad + i * (card_w + gap) + card_w // 2,
                "ry": pad + 42,
                "ky": pad + 66,
                "ink": GREEN if c["trump"] else "#222",
                "rank": c["rank"],
                "kind": _("trump") if c["trump"] else _("plain"),
                "sy": pad + card_h + 18,
                "share": f"{c['share']}%",
            }
            for i, c in enumerate(cards)
        ],
    )
    described = ", ".join(
        (_("%(rank)s of trumps") if c["trump"] else _("%(rank)s, plain suit"))
        % {"rank": rank_name(c["rank"])}
        for c in cards
    )
    return format_html(
        '<svg class="stats-chart hand-chart" role="img" viewBox="0 0 {w} {h}" width="{w}" height="{h}">'
        "<title>{title}</title><desc>{desc}</desc>{cards}</svg>",
        w=width,
        h=height,
        title=title,
        desc=(
            ngettext(
                "From the latest %(n)s deal the player won: %(cards)s.",
                "From the latest %(n)s deals the player won: %(cards)s.",
                hands,
            )
            if latest
            else ngettext("From %(n)s deal won: %(cards)s.", "From %(n)s deals won: %(cards)s.", hands)
        )
        % {"n": hands, "cards": described},
        cards=drawn,
    )
