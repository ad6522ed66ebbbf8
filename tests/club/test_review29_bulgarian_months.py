"""Review 29: Bulgarian pages wrote the months with a capital letter ("05 Декември 2026", "до 31
Януари"), as Django's Bulgarian catalogue gives them; Bulgarian writes month names in small
letters. The site's catalogue gives them so (the Russian pages keep Django's words).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.utils import formats, translation

from club import services
from club.models import Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db

MONTHS_BG = (
    "януари", "февруари", "март", "април", "май", "юни",
    "юли", "август", "септември", "октомври", "ноември", "декември",
)  # fmt: skip


def test_every_month_is_written_in_small_letters_in_bulgarian():
    with translation.override("bg"):
        for number, name in enumerate(MONTHS_BG, start=1):
            assert formats.date_format(datetime(2026, number, 5), "DATE_FORMAT") == f"05 {name} 2026"


def test_russian_dates_are_unchanged():
    with translation.override("ru"):
        assert formats.date_format(datetime(2026, 12, 5), "DATE_FORMAT") == "5 декабря 2026 г."
        assert formats.date_format(datetime(2026, 12, 5), "YEAR_MONTH_FORMAT") == "Декабрь 2026 г."


def test_the_ban_notice_in_bulgarian(club, owner, member):
    services.membership_ban(membership=m(club, member), actor=owner, reason="cheating")
    Membership.objects.filter(pk=m(club, member).pk).update(banned_at=datetime(2026, 1, 31, 12, tzinfo=UTC))
    member.preferred_language = "bg"
    member.save(update_fields=["preferred_language"])
    page = client_for(member).get(club.get_absolute_url()).content.decode()
    # With its time and zone since review 156, as the notice's other times.
    assert "От 31 януари 2026, 12:00 (UTC)." in page
