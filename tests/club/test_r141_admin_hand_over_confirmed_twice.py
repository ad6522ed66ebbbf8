"""Review 141: the admin's hand-over confirmation ("Make Misha the owner") sent twice (a double click,
a browser's retry) or from a second tab after the club was handed to someone else answered "No action
selected.": the action is offered to the club's owner only, and the first press had made him a
manager, so Django no longer knew the action. The owner read that nothing was done, and could not
tell whether the club was still his. The confirmation now reaches the hand-over, which says it as the
club page says it: done already (as news), or handed to whom."""

from __future__ import annotations

import pytest
from django.contrib import messages
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from club import services
from club.models import Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db

Role = Membership.Role
LIST = "admin:club_membership_changelist"


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _confirm(client, membership: Membership):
    """The confirmation pressed, and the list it leads back to (which shows, and so spends, the words)."""
    return client.post(
        reverse(LIST),
        {"action": "hand_over_selected", "_selected_action": [membership.pk], "confirm": "1"},
        follow=True,
    )


def _said(response) -> list[tuple[int, str]]:
    return [(message.level, str(message)) for message in get_messages(response.wsgi_request)]


def test_the_confirmation_sent_twice_is_said_done(club, owner, manager) -> None:
    client = client_for(owner)
    target = m(club, manager)
    _confirm(client, target)
    again = _confirm(client, target)
    assert _said(again) == [(messages.INFO, "Misha is already the club's owner.")]
    assert m(club, manager).role == Role.OWNER and m(club, owner).role == Role.MANAGER


def test_a_second_tabs_confirmation_says_who_owns_it_now(club, owner, manager, member) -> None:
    services.membership_set_role(membership=m(club, member), actor=owner, role=Role.MANAGER)
    first_tab, second_tab = client_for(owner), client_for(owner)
    _confirm(first_tab, m(club, manager))
    later = _confirm(second_tab, m(club, member))
    assert _said(later) == [(messages.ERROR, "You have handed the club over already: Misha owns it now.")]
    assert m(club, manager).role == Role.OWNER and m(club, member).role == Role.MANAGER


def test_a_manager_is_still_not_offered_the_hand_over(club, owner, manager, member) -> None:
    page = client_for(manager).get(reverse(LIST))
    assert "hand_over_selected" not in page.content.decode()
    refused = _confirm(client_for(manager), m(club, member))
    assert _said(refused) == [(messages.ERROR, "Only the club's owner can hand it over.")]
    assert m(club, owner).role == Role.OWNER and m(club, member).role == Role.MEMBER
