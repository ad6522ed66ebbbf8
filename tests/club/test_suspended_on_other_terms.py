"""Olga suspended Petar from the tables until Friday for cheating; Misha, on a club page shown
before, suspended him until tomorrow for rude chat. Misha's end replaced Olga's without a word,
and Petar was back at the tables three days early. A suspension ending sooner than the one standing
is refused in red, saying until when it stands and what to do (as a ban on other terms is); a later
end still extends it (review 55), and the same suspension again is said done."""

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


def _days(n: int):
    return (timezone.now() + timedelta(days=n)).replace(second=0, microsecond=0)


def _suspend_in_admin(client, membership, *, reason: str, until) -> list[tuple[str, str]]:
    response = client.post(
        reverse("admin:club_membership_changelist"),
        {
            "action": "suspend_selected",
            "_selected_action": [membership.pk],
            "reason": reason,
            "until": timezone.localtime(until).strftime("%Y-%m-%d %H:%M"),
        },
    )
    return [(msg.level_tag, str(msg)) for msg in get_messages(response.wsgi_request)]


def test_a_suspension_until_tomorrow_over_one_until_friday_is_refused_in_red(club, owner, manager, member):
    services.membership_suspend(membership=m(club, member), actor=owner, reason="cheating", until=_days(3))
    told = _suspend_in_admin(client_for(manager), m(club, member), reason="rude chat", until=_days(1))
    assert [tag for tag, _text in told] == ["error"], told
    assert re.search(r"already suspended from the tables until .*lift the suspension first", told[0][1])
    kept = m(club, member)
    assert kept.suspended_until == _days(3) and kept.suspend_reason == "cheating"


def test_the_club_page_from_before_is_refused_too(club, owner, manager, member):
    services.membership_suspend(membership=m(club, member), actor=owner, reason="cheating", until=_days(3))
    with pytest.raises(ServiceError) as refused:
        services.membership_suspend(
            membership=m(club, member), actor=manager, reason="cheating", until=_days(1)
        )
    assert not refused.value.done and "lift the suspension first to end it sooner" in refused.value.message
    assert m(club, member).suspended_until == _days(3)


def test_a_later_end_extends_it(club, owner, manager, member):
    services.membership_suspend(membership=m(club, member), actor=owner, reason="cheating", until=_days(1))
    told = _suspend_in_admin(client_for(manager), m(club, member), reason="cheating again", until=_days(3))
    assert [tag for tag, _text in told] == ["success"], told
    assert m(club, member).suspended_until == _days(3)


def test_the_same_suspension_again_is_still_said_done(club, owner, manager, member):
    services.membership_suspend(membership=m(club, member), actor=owner, reason="cheating", until=_days(3))
    with pytest.raises(ServiceError) as again:
        services.membership_suspend(
            membership=m(club, member), actor=manager, reason="cheating", until=_days(3)
        )
    assert again.value.done


def test_after_the_lift_a_sooner_end_is_taken(club, owner, manager, member):
    services.membership_suspend(membership=m(club, member), actor=owner, reason="cheating", until=_days(3))
    services.membership_unsuspend(membership=m(club, member), actor=manager)
    services.membership_suspend(membership=m(club, member), actor=manager, reason="rude chat", until=_days(1))
    assert m(club, member).suspended_until == _days(1)


def test_the_same_end_for_another_reason_is_refused_saying_the_standing_reason(club, owner, manager, member):
    """Olga and Misha suspend Petar until Friday at once, she for cheating, he for rude chat: Misha's
    reason replaced Olga's without a word, and the club's page said 'rude chat' only."""
    services.membership_suspend(membership=m(club, member), actor=owner, reason="cheating.", until=_days(3))
    with pytest.raises(ServiceError) as refused:
        services.membership_suspend(
            membership=m(club, member), actor=manager, reason="rude chat", until=_days(3)
        )
    assert not refused.value.done
    assert "already suspended from the tables until" in refused.value.message
    assert "cheating" in refused.value.message and "lift the suspension first" in refused.value.message
    assert not refused.value.message.endswith("..")
    kept = m(club, member)
    assert kept.suspended_until == _days(3) and kept.suspend_reason == "cheating."
