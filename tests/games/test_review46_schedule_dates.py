"""A scheduled table's start was written in English's pattern in every language: "Вт 5 Янв 2027,
18:30", "Вт 5 Ян 2027" (a capitalised three-letter month, the weekday first), in the middle of a
Russian or Bulgarian sentence. The format is now the language's own: "5 января 2027 (Вт), 18:30"."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation
from django.utils.dateformat import format as date_format

pytestmark = pytest.mark.django_db


def _text(client: Client, url: str, language: str) -> str:
    client.cookies["django_language"] = language
    page = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize(("language", "month_format"), [("ru", "E"), ("bg", "F")])
def test_a_scheduled_start_is_written_as_the_language_writes_dates(
    make_table, players, club, language, month_format
):
    starts = (timezone.now() + timedelta(days=40)).replace(hour=18, minute=30, second=0, microsecond=0)
    ends = starts + timedelta(days=1)
    table = make_table(starts_at=starts, ends_at=ends)
    reader = players[0]
    reader.time_zone = "UTC"
    reader.save(update_fields=["time_zone"])
    client = Client()
    client.force_login(reader, backend="django.contrib.auth.backends.ModelBackend")
    with translation.override(language):
        day = date_format(starts, f"j {month_format} Y")  # "5 января 2027", "5 януари 2027"
        weekday = date_format(starts, "D")
        english_pattern = date_format(starts, "D j M")  # "Вт 5 Янв"
        end_day = date_format(ends, f"j {month_format}")
    table_page = _text(client, f"/tables/{table.pk}/", language)
    assert f"{day} ({weekday}), 18:30" in table_page
    club_page = _text(client, club.get_absolute_url(), language)
    assert f"{day} ({weekday}), 18:30–{end_day}" in club_page
    assert english_pattern not in table_page and english_pattern not in club_page
