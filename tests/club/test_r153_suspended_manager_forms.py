"""Review 153: review 149 made a suspended manager manage nothing, and the club page stopped
offering him the managers' forms by its ``is_manager``; but the chips box on that page asked the
membership's role, so it still offered him "Grant chips", a form every send of which was refused
("You are suspended ... you do not manage the club"), and hid from him the hint every other member
without chips reads. And the invite links he had made still let people in while he was suspended."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from club import services
from club.errors import ServiceError
from club.models import Invite, Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def test_the_club_page_offers_a_suspended_manager_no_grant_form(club, owner, manager) -> None:
    services.membership_suspend(
        membership=m(club, manager), actor=owner, reason="tilt", until=timezone.now() + timedelta(days=2)
    )
    page = client_for(manager).get(club.get_absolute_url()).content.decode()
    assert 'id="grant-form"' not in page
    services.membership_unsuspend(membership=m(club, manager), actor=owner)
    assert 'id="grant-form"' in client_for(manager).get(club.get_absolute_url()).content.decode()


def test_a_suspended_managers_links_let_nobody_in_until_it_ends(club, owner, manager, stranger) -> None:
    """README: each link is "good only while the manager who made it still manages the club", and a
    suspended manager manages nothing until the suspension ends (review 149); his links still let
    people in meanwhile, and the club page listed them as working."""
    invite = services.invite_create(club=club, actor=manager)
    services.membership_suspend(
        membership=m(club, manager), actor=owner, reason="tilt", until=timezone.now() + timedelta(days=2)
    )
    with pytest.raises(ServiceError) as refused:
        services.invite_accept(code=invite.code, user=stranger)
    assert refused.value.code == "invite_maker_gone"
    assert not Invite.objects.get(pk=invite.pk).maker_manages
    services.membership_unsuspend(membership=m(club, manager), actor=owner)
    services.invite_accept(code=invite.code, user=stranger)
    assert m(club, stranger).status == Membership.Status.ACTIVE


def test_the_owners_links_work_while_he_is_suspended(club, owner, manager, stranger) -> None:
    """The owner keeps his powers if suspended (review 149): so do his links."""
    invite = services.invite_create(club=club, actor=owner)
    Membership.objects.filter(pk=m(club, owner).pk).update(
        suspended_until=timezone.now() + timedelta(days=2), suspend_reason="tilt"
    )
    services.invite_accept(code=invite.code, user=stranger)
    assert m(club, stranger).status == Membership.Status.ACTIVE
