"""Review 30: a ban or a suspension given in the admin with an end at an hour the manager's clock
skips (spring forward) or passes twice (fall back) was answered "The end is not a date and time.",
though what he typed was one: he could not tell what to change. It says the time does not exist or
is ambiguous in his time zone (Django's words, in his language), as the club page does, and bans
nobody."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from club.models import Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


def _moderate(client, target, action: str, until: str) -> list[str]:
    response = client.post(
        reverse("admin:club_membership_changelist"),
        {"action": action, "_selected_action": [target.pk], "reason": "cheating", "until": until},
    )
    assert response.status_code == 302
    return [str(x) for x in get_messages(response.wsgi_request)]


@pytest.mark.parametrize("action", ["ban_selected", "suspend_selected"])
def test_an_end_in_an_hour_the_clock_skips_says_so(club, manager, member, action):
    # Sofia: 03:00 -> 04:00. The hour passed twice is its first (review 92:
    # test_r92_admin_ban_end_in_clock_change), as on the club page.
    manager.time_zone = "Europe/Sofia"
    manager.save(update_fields=["time_zone"])
    texts = _moderate(client_for(manager), m(club, member), action, "2027-03-28T03:30")
    assert len(texts) == 1 and "Europe/Sofia" in texts[0], texts
    assert "not a date and time" not in texts[0]
    target = m(club, member)
    assert target.status == Membership.Status.ACTIVE and target.suspended_until is None


def test_an_end_next_to_the_clock_change_bans(club, manager, member):
    manager.time_zone = "Europe/Sofia"
    manager.save(update_fields=["time_zone"])
    texts = _moderate(client_for(manager), m(club, member), "ban_selected", "2027-03-28T04:30")
    assert texts == ["1 member banned."]
    assert m(club, member).status == Membership.Status.BANNED
