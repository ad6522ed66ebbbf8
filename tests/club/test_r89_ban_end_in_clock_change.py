"""Review 89: the club page's ban and suspension "until" fields read an hour the clocks change as the
table forms do. Django's words ("could not be interpreted in time zone Europe/Sofia; it may be
ambiguous or it may not exist") left the manager guessing: an hour passed twice is its first
(summer time), one the clocks skip says so and what to do."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from club.models import Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db

ROUTES = {"ban": "membership_ban", "suspend": "membership_suspend"}


def _moderate(club, manager, member, what: str, until: str) -> list[str]:
    response = client_for(manager).post(
        reverse(ROUTES[what], args=[club.slug, m(club, member).pk]), {"reason": "cheating", "until": until}
    )
    assert response.status_code in (200, 302)  # 200: refused, the page again holding the form (r123)
    return [str(x) for x in get_messages(response.wsgi_request)]


@pytest.fixture
def sofia(manager):
    manager.time_zone = "Europe/Sofia"
    manager.save(update_fields=["time_zone"])
    return manager


@pytest.mark.parametrize("what", ["ban", "suspend"])
def test_an_hour_the_clocks_skip_is_said_so(club, sofia, member, what):
    texts = _moderate(club, sofia, member, what, "2027-03-28T03:30")
    assert len(texts) == 1, texts
    said = "There is no 3:30 a.m. on March 28, 2027 in Europe/Sofia: the clocks go forward that night."
    assert said in texts[0]
    assert "ambiguous" not in texts[0]
    target = m(club, member)
    assert target.status == Membership.Status.ACTIVE and target.suspended_until is None


@pytest.mark.parametrize("what", ["ban", "suspend"])
def test_an_hour_passed_twice_is_its_first(club, sofia, member, what):
    texts = _moderate(club, sofia, member, what, "2027-10-31T03:30")
    assert len(texts) == 1 and "ambiguous" not in texts[0], texts
    target = m(club, member)
    first = datetime(2027, 10, 31, 0, 30, tzinfo=UTC)  # 03:30 on summer time (+03:00)
    if what == "ban":
        assert target.status == Membership.Status.BANNED and target.ban_until == first
    else:
        assert target.suspended_until == first


def test_the_skipped_hour_in_the_reader_s_language(club, sofia, member):
    sofia.preferred_language = "ru"
    sofia.save(update_fields=["preferred_language"])
    texts = _moderate(club, sofia, member, "ban", "2027-03-28T03:30")
    assert "Europe/Sofia" in texts[0] and "There is no" not in texts[0], texts
