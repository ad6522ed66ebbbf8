"""Review 83: a manager in Sofia typing a start in the hour the clocks change. 03:30 the night
summer time ends comes twice, and the form refused it ("2027-10-31 03:30:00 couldn't be interpreted in
time zone Europe/Sofia; it may be ambiguous or it may not exist"), so no table could be set for that
half-hour at all: it is now the first 03:30 (summer time), as the weekly repeat reads it. 03:30 the
night summer time begins is not on the clock: it is refused in words that say so, the day and hour
written as his language writes them."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.utils import timezone

from games.models import TableSession

from .conftest import TABLE_FORM

pytestmark = pytest.mark.django_db
SOFIA = ZoneInfo("Europe/Sofia")


def _change_night(forward: bool) -> date:
    """The next day ahead on which Sofia's clocks go forward (or back)."""
    day = timezone.now().astimezone(SOFIA).date() + timedelta(days=1)
    for _ in range(400):
        before = datetime.combine(day, time(0, 0), tzinfo=SOFIA).utcoffset()
        after = datetime.combine(day, time(12, 0), tzinfo=SOFIA).utcoffset()
        if before != after and (after > before) == forward:
            return day
        day += timedelta(days=1)
    raise AssertionError("no change of summer time in Sofia within a year")


def _client(user, language: str) -> Client:
    user.time_zone = "Europe/Sofia"
    user.preferred_language = language
    user.save(update_fields=["time_zone", "preferred_language"])
    client = Client(headers={"accept-language": language})
    client.cookies["django_language"] = language
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_half_past_three_the_night_the_clocks_go_back_is_the_first_one(club, owner):
    night = _change_night(forward=False)
    typed = f"{night.isoformat()}T03:30"
    response = _client(owner, "en").post(
        f"/clubs/{club.slug}/tables/new/", {**TABLE_FORM, "starts_at": typed, "token": "a" * 32}
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    table = TableSession.objects.get(club=club)
    assert table.starts_at.astimezone(SOFIA).replace(tzinfo=None) == datetime.combine(night, time(3, 30))
    assert table.starts_at == datetime.combine(night, time(0, 30), tzinfo=UTC)  # +03:00, summer time


@pytest.mark.parametrize(
    "language, words", [("en", "clocks go forward"), ("ru", "переводят вперёд"), ("bg", "се местят напред")]
)
def test_half_past_three_the_night_the_clocks_go_forward_is_refused_in_words(club, owner, language, words):
    night = _change_night(forward=True)
    typed = f"{night.isoformat()}T03:30"
    response = _client(owner, language).post(
        f"/clubs/{club.slug}/tables/new/", {**TABLE_FORM, "starts_at": typed}
    )
    assert response.status_code == 422
    errors = response.context["form"].errors["starts_at"]
    assert words in errors[0], errors
    assert "03:30" in errors[0] or "3:30" in errors[0], errors
    assert "interpreted" not in errors[0] and night.isoformat() not in errors[0], errors
    assert not TableSession.objects.filter(club=club).exists()
