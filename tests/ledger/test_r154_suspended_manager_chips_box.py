"""Review 154: a manager suspended from the club's tables manages nothing meanwhile (review 149),
and the grant refuses him ("until then you do not manage the club"); but the club page's chips box
still offered him the Grant chips form and the approvals waiting for a second manager, each
refused when used. He is offered what a member is: his own chips and asking the managers."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from club import services as club_services
from club.models import Club, Membership
from ledger.services import chips_adjust

from .conftest import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()
    yield
    timezone.deactivate()


def _page(user, club: Club) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client.get(club.get_absolute_url()).content.decode()


def test_a_suspended_manager_is_not_offered_to_grant_or_approve(club, owner, member_factory) -> None:
    manager = Membership.objects.create(club=club, user=make_user("boris"), role=Membership.Role.MANAGER)
    member = member_factory()
    # A grant waiting for a second manager, which he could decide before his suspension.
    chips_adjust(member=member, kind="grant", amount=9_000, actor=owner, reason="r", idempotency_key="k")
    before = _page(manager.user, club)
    assert 'id="grant-form"' in before and "Waiting for a second manager" in before

    club_services.membership_suspend(
        membership=manager, actor=owner, reason="tilt", until=timezone.now() + timedelta(days=1)
    )
    page = _page(manager.user, club)
    assert 'id="suspended-notice"' in page
    assert 'id="grant-form"' not in page
    assert "Waiting for a second manager" not in page
    assert "Ask the managers for chips" in page
    # The owner, who may not be suspended, is offered both as before.
    mine = _page(owner, club)
    assert 'id="grant-form"' in mine and "Waiting for a second manager" in mine
