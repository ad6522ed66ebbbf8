"""Review 150: the player page's charts with the numbers of a player of years. The success chart
kept 120 units right of its bars for "100% (19999 of 20000)" and cut it at "100% (19999 of 2000"
(what a player of 20,000 deals read), a Bulgarian read "ркане на сляпо" for his blind snore, and
the net chart's scale cut the minus of "-12345678". Each
text now fits in its chart: its width reckoned at 0.6 em a character, as a sans-serif draws
digits and Latin or Cyrillic letters at most (a conservative measure here, in en, ru and bg)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from django.utils import translation

from games.stats_charts import net_chart_svg, success_chart_svg

ROWS = [
    {"status": "snore", "label": "snore", "made": 19_999, "deals": 20_000, "rate": 100, "tricks": [2]},
    {"status": "help", "label": "help", "made": 100_000, "deals": 123_456, "rate": 81, "tricks": [1]},
    # Bulgarian's blind snore, the longest name a bar has: its first letters were cut.
    {"status": "blind", "label": "хъркане на сляпо", "made": 1, "deals": 2, "rate": 50, "tricks": [2]},
]
WHEN = datetime(2026, 1, 1, tzinfo=UTC)
POINTS = [(WHEN + timedelta(hours=i), v) for i, v in enumerate([0, 5_000_000, -12_345_678])]
TEXT = re.compile(r"<text ([^>]*)>([^<]*)</text>")
ATTRIBUTE = re.compile(r'([\w-]+)="([^"]*)"')


def _texts_fit(svg: str) -> list[str]:
    width = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))
    problems = []
    texts = TEXT.findall(svg)
    assert texts, svg
    for attributes, text in texts:
        said = dict(ATTRIBUTE.findall(attributes))
        x, wide = float(said["x"]), 0.6 * int(said.get("font-size", 16)) * len(text)
        anchor = said.get("text-anchor", "start")
        spans = {"end": (x - wide, x), "middle": (x - wide / 2, x + wide / 2)}
        left, right = spans.get(anchor, (x, x + wide))
        if left < 0 or right > width:
            problems.append(f"{text!r} from {left:.0f} to {right:.0f} in {width:.0f}")
    return problems


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_the_success_chart_holds_its_big_numbers(language):
    with translation.override(language):
        svg = str(success_chart_svg(ROWS))
    assert "19999" in svg and "20000" in svg
    assert not _texts_fit(svg)


def test_the_net_chart_holds_its_big_numbers():
    svg = str(net_chart_svg(POINTS))
    assert "-12345678" in svg
    assert not _texts_fit(svg)


def test_small_numbers_keep_the_charts_as_they_were():
    rows = [{**ROWS[0], "made": 3, "deals": 4, "rate": 75}]
    assert 'viewBox="0 0 480 ' in str(success_chart_svg(rows))
    svg = str(net_chart_svg([(WHEN, 5), (WHEN, -20)]))
    assert 'viewBox="0 0 640 200"' in svg and 'x1="56"' in svg
