"""Review 92: a ban or a suspension given in the admin (*Memberships*, the action with its reason and
end beside) read the end with Django's own field, left behind when review 89 taught the club page's
forms the hour the clocks change. An end in the hour the clocks pass twice was refused in the admin
("could not be interpreted in time zone Europe/Sofia; it may be ambiguous or it may not exist") where
the club page bans until its first; one in the hour they skip got those same words, not the club
page's "There is no 3:30 a.m. ...: the clocks go forward that night"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from club.models import Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


@pytest.fixture
def sofia(manager):
    manager.time_zone = "Europe/Sofia"
    manager.save(update_fields=["time_zone"])
    return manager


def _moderate(manager, target, action: str, until: str) -> list[str]:
    response = client_for(manager).post(
        reverse("admin:club_membership_changelist"),
        {"action": action, "_selected_action": [target.pk], "reason": "cheating", "until": until},
    )
    assert response.status_code == 302
    return [str(x) for x in get_messages(response.wsgi_request)]


@pytest.mark.parametrize("action", ["ban_selected", "suspend_selected"])
def test_an_hour_passed_twice_is_its_first(club, sofia, member, action):
    texts = _moderate(sofia, m(club, member), action, "2027-10-31T03:30")
    assert len(texts) == 1 and "ambiguous" not in texts[0], texts
    target = m(club, member)
    first = datetime(2027, 10, 31, 0, 30, tzinfo=UTC)  # 03:30 on summer time (+03:00)
    if action == "ban_selected":
        assert target.status == Membership.Status.BANNED and target.ban_until == first
    else:
        assert target.suspended_until == first


@pytest.mark.parametrize("action", ["ban_selected", "suspend_selected"])
def test_an_hour_the_clocks_skip_is_said_so(club, sofia, member, action):
    texts = _moderate(sofia, m(club, member), action, "2027-03-28T03:30")
    said = "There is no 3:30 a.m. on March 28, 2027 in Europe/Sofia: the clocks go forward that night."
    assert texts == [said + " Choose another time."], texts
    target = m(club, member)
    assert target.status == Membership.Status.ACTIVE and target.suspended_until is None
