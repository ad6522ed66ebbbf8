"""Review 113: the admin's "Make the selected manager the club's owner" handed the club over at the
first click of "Go", where the club page asks first (its "Hand the club over…" opens a confirmation
with what it means): one wrong line of the action list, or a row ticked by mistake, and the owner had
lost his club, with only the new owner able to give it back. The action now shows what it will do,
with a button to do it and one to go back; only that button hands the club over."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from club.models import Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db

Role = Membership.Role
LIST = "admin:club_membership_changelist"


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def test_the_first_click_asks_and_hands_nothing_over(club, owner, manager) -> None:
    client = client_for(owner)
    asked = client.post(
        reverse(LIST), {"action": "hand_over_selected", "_selected_action": [m(club, manager).pk]}
    )
    assert asked.status_code == 200
    page = asked.content.decode()
    assert "Misha" in page and "Open Table" in page and 'name="confirm"' in page
    assert m(club, owner).role == Role.OWNER and m(club, manager).role == Role.MANAGER


def test_the_confirmation_hands_it_over(club, owner, manager) -> None:
    client = client_for(owner)
    done = client.post(
        reverse(LIST),
        {"action": "hand_over_selected", "_selected_action": [m(club, manager).pk], "confirm": "1"},
        follow=True,
    )
    # He is told he stays a manager, as the club page tells him (review 139).
    assert "Misha is now the owner of Open Table; you stay one of its managers." in done.content.decode()
    assert m(club, manager).role == Role.OWNER and m(club, owner).role == Role.MANAGER
