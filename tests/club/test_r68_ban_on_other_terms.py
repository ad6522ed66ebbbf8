"""Review 68: Olga banned Petar until Friday; Misha, on a list shown before, banned him for good
("cheating", no end). Misha read "Petar is already banned." as news, done (blue), and on Friday
Petar was back. A ban on other terms than the one standing is now refused in red, saying until when
the ban stands and what to do; the same ban again is still said done."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from club import services
from club.errors import ServiceError

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


def _friday():
    return (timezone.now() + timedelta(days=3)).replace(second=0, microsecond=0)


def _ban(client, membership, reason: str = "", until: str = ""):
    response = client.post(
        reverse("admin:club_membership_changelist"),
        {"action": "ban_selected", "_selected_action": [membership.pk], "reason": reason, "until": until},
    )
    return [(msg.level_tag, str(msg)) for msg in get_messages(response.wsgi_request)]


def test_a_ban_for_good_over_a_ban_until_friday_is_refused_in_red(club, owner, manager, member):
    services.membership_ban(membership=m(club, member), actor=owner, reason="spam", until=_friday())
    told = _ban(client_for(manager), m(club, member), reason="cheating")
    assert [tag for tag, _text in told] == ["error"], told
    assert re.search(r"already banned until .*lift the ban", told[0][1]), told
    banned = m(club, member)
    assert banned.ban_until == _friday() and banned.ban_reason == "spam"


def test_a_ban_until_friday_over_a_ban_for_good_is_refused_in_red(club, owner, member):
    services.membership_ban(membership=m(club, member), actor=owner, reason="cheating")
    with pytest.raises(ServiceError) as refused:
        services.membership_ban(membership=m(club, member), actor=owner, reason="spam", until=_friday())
    assert not refused.value.done and "with no end" in refused.value.message
    assert m(club, member).ban_until is None


def test_the_same_ban_again_is_still_said_done(club, owner, manager, member):
    services.membership_ban(membership=m(club, member), actor=owner, reason="spam", until=_friday())
    for reason in ("spam", ""):  # the same reason, or none typed: the ban standing is the one asked for
        with pytest.raises(ServiceError) as again:
            services.membership_ban(membership=m(club, member), actor=manager, reason=reason, until=_friday())
        assert again.value.done and again.value.message == "Petar is already banned."
