"""The player page's charts told an English reader "1 deals from ... net after the last: 1 chips" and
"From 1 deals won" (review 44): the counts are said as English counts them, one deal, two deals; the
Russian and Bulgarian words, which name the count after a colon, are unchanged."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.utils import translation

from games.stats_charts import hand_svg, net_chart_svg

WHEN = datetime(2026, 3, 1, 12, tzinfo=UTC)
CARDS = [{"rank": "A", "trump": True, "share": 100}]


@pytest.mark.parametrize(("deals", "said"), [(1, "1 deal from"), (2, "2 deals from"), (21, "21 deals from")])
def test_the_net_chart_counts_its_deals_in_english(deals, said):
    with translation.override("en"):
        svg = str(net_chart_svg([(WHEN, 1)] * deals))
    assert said in svg
    assert "1 deals" not in svg.replace("21 deals", "")
    assert "1 chips" not in svg


@pytest.mark.parametrize(("hands", "said"), [(1, "From 1 deal won:"), (3, "From 3 deals won:")])
def test_the_winning_hand_counts_its_deals_in_english(hands, said):
    with translation.override("en"):
        assert said in str(hand_svg(CARDS, hands=hands))


@pytest.mark.parametrize(
    ("language", "said"),
    [("ru", "Сдач: 1, с"), ("bg", "Раздавания: 1, от")],
)
def test_russian_and_bulgarian_keep_their_words(language, said):
    with translation.override(language):
        assert said in str(net_chart_svg([(WHEN, 1)]))
        assert "(1)" in str(hand_svg(CARDS, hands=1))
