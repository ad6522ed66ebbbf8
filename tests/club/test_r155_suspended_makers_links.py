"""Review 155: a manager suspended now manages nothing (review 149), yet the invite links he made
went on letting people in on his word. A link holds only while its maker manages: while he is
suspended it lets nobody in, the club page marks it and does not count it, and once the
suspension is lifted it works again."""

from __future__ import annotations

import html as html_lib
from datetime import timedelta

import pytest
from django.utils import timezone

from club import selectors, services
from club.errors import ServiceError
from club.models import Club, Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.fixture
def secret(make_club, owner, manager) -> Club:
    club = make_club(owner, "Back Room", join_policy=Club.JoinPolicy.INVITE)
    invite = services.invite_create(club=club, actor=owner)
    services.invite_accept(code=invite.code, user=manager)
    services.membership_set_role(membership=m(club, manager), actor=owner, role=Membership.Role.MANAGER)
    return club


def _suspend(club, owner, manager) -> None:
    services.membership_suspend(
        membership=m(club, manager), actor=owner, reason="tilt", until=timezone.now() + timedelta(days=2)
    )


def test_a_suspended_makers_link_lets_nobody_in_until_lifted(secret, owner, manager, stranger) -> None:
    his = services.invite_create(club=secret, actor=manager, max_uses=5)
    _suspend(secret, owner, manager)

    with pytest.raises(ServiceError) as refused:
        services.invite_accept(code=his.code, user=stranger)
    assert refused.value.code == "invite_maker_gone"
    page = html_lib.unescape(client_for(stranger).get(his.get_absolute_url()).content.decode())
    assert "the manager who made it no longer manages the club" in page
    assert not Membership.objects.filter(club=secret, user=stranger).exists()
    assert not selectors.invite_list_usable(club=secret).exists()

    club_page = html_lib.unescape(client_for(owner).get(secret.get_absolute_url()).content.decode())
    section = club_page.split('id="invites"', 1)[1].split("</section>", 1)[0]
    assert his.get_absolute_url() not in section
    assert "Misha" in section and "is suspended" in section
    assert 'id="invite-count"' not in section

    services.membership_unsuspend(membership=m(secret, manager), actor=owner)
    services.invite_accept(code=his.code, user=stranger)
    assert m(secret, stranger).status == Membership.Status.ACTIVE


def test_an_owners_link_holds_through_an_old_suspension(secret, owner, manager, stranger) -> None:
    """The owner manages even if suspended (review 149), so do his links."""
    later = timezone.now() + timedelta(days=2)
    Membership.objects.filter(pk=m(secret, owner).pk).update(suspended_until=later)
    mine = services.invite_create(club=secret, actor=owner, max_uses=5)
    services.invite_accept(code=mine.code, user=stranger)
    assert m(secret, stranger).status == Membership.Status.ACTIVE
