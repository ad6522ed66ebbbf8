"""Review 149: the admin's "Make the selected manager the club's owner" drew its confirmation page
("Make Petar the owner of Open Table?") for any one ticked row: a plain member, the owner himself, a
banned member. Only the button on that page said the hand-over was refused, after the owner had read
and confirmed it. A row the hand-over would refuse is now refused before the page, with the reason."""

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


def _ask(client, membership: Membership):
    """The action chosen for one ticked row (not yet confirmed)."""
    return client.post(
        reverse(LIST), {"action": "hand_over_selected", "_selected_action": [membership.pk]}, follow=True
    )


def _said(response) -> list[tuple[int, str]]:
    return [(message.level, str(message)) for message in get_messages(response.wsgi_request)]


def _confirmation_shown(response) -> bool:
    return 'name="confirm"' in response.content.decode()


def test_a_plain_member_is_refused_before_the_page(club, owner, member) -> None:
    answer = _ask(client_for(owner), m(club, member))
    assert not _confirmation_shown(answer)
    assert _said(answer) == [
        (messages.ERROR, "A club is handed over to one of its managers: make Petar a manager first.")
    ]


def test_the_owner_ticking_himself_is_refused_before_the_page(club, owner) -> None:
    answer = _ask(client_for(owner), m(club, owner))
    assert not _confirmation_shown(answer)
    assert _said(answer) == [(messages.ERROR, "You cannot do this to yourself.")]


def test_a_banned_manager_is_refused_before_the_page(club, owner, manager) -> None:
    services.membership_ban(membership=m(club, manager), actor=owner, reason="cheating")
    answer = _ask(client_for(owner), m(club, manager))
    assert not _confirmation_shown(answer)
    assert _said(answer) == [(messages.ERROR, "This person is no longer in the club.")]
    assert m(club, owner).role == Role.OWNER


def test_a_manager_is_still_asked_first(club, owner, manager) -> None:
    answer = _ask(client_for(owner), m(club, manager))
    assert _confirmation_shown(answer)
    assert _said(answer) == []
    assert m(club, owner).role == Role.OWNER
