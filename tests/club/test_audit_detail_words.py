"""The moderation log's details read in the reader's language and time zone: a table opened showed
"Тренировочный стол: False" and "Игра: classic" to a Russian manager, and a suspension's end
"До: 2026-12-20T10:00+00:00" (UTC, as stored) to one in Tokyo."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone, translation

from club.models import AuditLog

pytestmark = pytest.mark.django_db


def _details(data: dict, language: str, zone: str = "UTC") -> str:
    row = AuditLog(action="table.opened", data=data)
    with translation.override(language), timezone.override(ZoneInfo(zone)):
        return row.details_text


@pytest.mark.parametrize(
    ("language", "yes", "no", "game"),
    [
        ("ru", "да", "нет", "Классический храп"),
        ("bg", "да", "не", "Класически храп"),
        ("en", "yes", "no", "Classic Khrap"),
    ],
)
def test_a_table_opened_reads_its_game_and_practice_in_words(language, yes, no, game):
    text = _details({"table": 3, "preset": "classic", "stake": 5, "practice": False}, language)
    assert "False" not in text and "classic" not in text, text
    assert text.endswith(f": {no}"), text
    assert f": {game};" in text, text
    assert _details({"practice": True}, language).endswith(f": {yes}")


def test_an_unknown_game_name_is_shown_as_stored():
    assert _details({"preset": "house9"}, "ru").endswith(": house9")


def test_the_end_of_a_suspension_reads_as_a_date_in_the_readers_time_zone():
    text = _details({"reason": "r", "until": "2026-12-20T10:00+00:00"}, "ru", "Asia/Tokyo")
    assert "2026-12-20T10:00" not in text and "+00:00" not in text, text
    assert "20.12.2026 19:00" in text, text


def test_an_until_that_is_no_date_is_shown_as_stored():
    assert _details({"until": "soon"}, "en").endswith(": soon")


@pytest.mark.parametrize(
    ("action", "outcome", "ru"),
    [
        ("report.resolved", "warn", "Предупреждение"),
        ("collusion.dismissed", "dismissed", "Отклонён"),
        ("chips.request_answered", "granted", "Удовлетворена"),
    ],
)
def test_an_outcome_reads_as_the_pages_name_it_not_as_its_code(action, outcome, ru):
    row = AuditLog(action=action, data={"outcome": outcome})
    with translation.override("ru"):
        text = row.details_text
    assert outcome not in text, text
    assert text.endswith(ru), text


def test_the_reason_a_report_was_filed_for_reads_as_the_form_named_it():
    row = AuditLog(action="report.filed", data={"deal": 7, "reason": "cheating"})
    with translation.override("ru"):
        text = row.details_text
    assert "cheating" not in text, text
    assert text.endswith(": Жульничество или сговор"), text


def test_a_reason_a_manager_wrote_is_shown_as_written():
    row = AuditLog(action="membership.banned", data={"reason": "cheating"})
    assert row.details_text.endswith(": cheating")
