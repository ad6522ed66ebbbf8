"""A member whose account the site's operators switched off could still be made a manager (he cannot
log in to manage; members were told to ask him), and the managers' list of members did not say his
account was off, so they could not tell why he never answered."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club import services
from club.errors import ServiceError
from club.models import User

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


def _switch_off(user) -> None:
    user = User.objects.get(pk=user.pk)
    user.is_active = False
    user.save()


def test_a_switched_off_member_is_not_made_a_manager(club, owner, member):
    _switch_off(member)
    with pytest.raises(ServiceError) as refused:
        services.membership_set_role(membership=m(club, member), actor=owner, role="manager")
    assert "switched off" in refused.value.message and not refused.value.done
    assert m(club, member).role == "member"


def test_a_switched_off_manager_may_still_be_made_a_plain_member(club, owner, manager):
    _switch_off(manager)
    services.membership_set_role(membership=m(club, manager), actor=owner, role="member")
    assert m(club, manager).role == "member"


def test_the_managers_list_marks_a_switched_off_account(club, owner, member, make_user):
    url = reverse("club_detail", args=[club.slug])
    assert "account switched off by the site" not in client_for(owner).get(url).content.decode()
    _switch_off(member)
    assert client_for(owner).get(url).content.decode().count("account switched off by the site") == 1
    plain = make_user("vera")
    services.membership_join(club=club, user=plain)
    assert "account switched off by the site" not in client_for(plain).get(url).content.decode()
