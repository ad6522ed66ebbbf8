"""The charts' descriptions name their first and last days as the reader counts days: in his time
zone and his language's date format, as the statement and the history beside them show their times
(they said the UTC date, in ISO form, a day off for a reader in Vladivostok at night)."""

from __future__ import annotations

from datetime import UTC, datetime

from django.utils import timezone, translation

from games.stats_charts import net_chart_svg
from ledger.charts import balance_chart_svg

LATE_EVENING_UTC = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)  # already 2 December in Vladivostok


def test_net_chart_days_are_the_readers() -> None:
    with timezone.override("Asia/Vladivostok"), translation.override("ru"):
        svg = str(net_chart_svg([(LATE_EVENING_UTC, 5)]))
    assert "02.12.2026" in svg and "2026-12-01" not in svg, svg


def test_balance_chart_days_are_the_readers() -> None:
    with timezone.override("Asia/Vladivostok"), translation.override("bg"):
        svg = str(balance_chart_svg([(LATE_EVENING_UTC, 1000), (LATE_EVENING_UTC, 900)]))
    assert "02.12.2026" in svg and "2026-12-01" not in svg, svg


def test_a_reader_in_utc_keeps_his_day() -> None:
    with timezone.override("UTC"), translation.override("en"):
        svg = str(balance_chart_svg([(LATE_EVENING_UTC, 1000)]))
    assert "12/01/2026" in svg, svg
