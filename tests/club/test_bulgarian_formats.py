"""A Bulgarian reader read dates as an American does: Django's Bulgarian formats have no
DATETIME_FORMAT nor SHORT_DATETIME_FORMAT, so My chips, the history, the club's log and the admin
showed "12/01/2026 4:55 след обяд" (month first, twelve hours) and "Дек. 1, 2026, 4:55 след обяд"
(review 16)."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.utils import translation
from django.utils.formats import date_format, get_format


@pytest.mark.parametrize(
    ("fmt", "expected"),
    [
        ("SHORT_DATETIME_FORMAT", "01.12.2026 16:55"),
        ("DATETIME_FORMAT", "01 декември 2026, 16:55"),  # months in small letters (review 29)
        ("SHORT_DATE_FORMAT", "01.12.2026"),
        ("YEAR_MONTH_FORMAT", "декември 2026"),
    ],
)
def test_bulgarian_dates_read_day_first_on_a_24_hour_clock(fmt, expected):
    with translation.override("bg"):
        assert date_format(datetime(2026, 12, 1, 16, 55), fmt) == expected
        assert get_format("FIRST_DAY_OF_WEEK") == 1


def test_russian_and_english_keep_djangos_formats():
    when = datetime(2026, 12, 1, 16, 55)
    with translation.override("ru"):
        assert date_format(when, "SHORT_DATETIME_FORMAT") == "01.12.2026 16:55"
    with translation.override("en"):
        assert date_format(when, "SHORT_DATETIME_FORMAT") == "12/01/2026 4:55 p.m."
