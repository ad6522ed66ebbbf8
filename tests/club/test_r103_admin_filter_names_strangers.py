"""Review 103: the moderation log's "by" and "on member" filters (admin, Audit log) of a club with
more than fifty people list nobody and keep the person the address names. They kept anyone: a
manager who typed ``?actor=<id>`` read the name and username of any account of the site in the
sidebar (a member of another, invite-only club, the operator), one id at a time. The person kept is
one of the reader's clubs' people, or someone in the rows the reader sees (the operator who acted
there); a stranger's id lists nobody."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club import services
from club.admin_site import PEOPLE_IN_A_FILTER
from club.models import Club, Membership, User

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


@pytest.fixture
def crowded(club, make_user) -> Club:
    """The club with more people than a filter lists."""
    users = [make_user(f"crowd{n:03d}") for n in range(PEOPLE_IN_A_FILTER + 1)]
    Membership.objects.bulk_create(Membership(club=club, user=user) for user in users)
    return club


@pytest.fixture
def secret_member(make_user, make_club, stranger) -> User:
    """Someone of another, invite-only club the manager has nothing to do with."""
    hidden = make_user("zinaida", display_name="Zinaida Secret")
    other = make_club(stranger, "Hidden Room", join_policy=Club.JoinPolicy.INVITE)
    Membership.objects.create(club=other, user=hidden)
    return hidden


@pytest.mark.parametrize("parameter", ["actor", "target_user"])
def test_a_strangers_id_typed_into_the_address_shows_no_name(
    crowded, manager, secret_member, parameter
) -> None:
    page = client_for(manager).get(reverse("admin:club_auditlog_changelist"), {parameter: secret_member.pk})
    assert page.status_code == 200
    html = page.content.decode()
    assert "zinaida" not in html and "Zinaida Secret" not in html


@pytest.mark.parametrize("parameter", ["actor", "target_user"])
def test_a_person_of_the_club_is_kept(crowded, manager, member, owner, parameter) -> None:
    services.membership_ban(membership=m(crowded, member), actor=owner, reason="cheating")
    who = owner if parameter == "actor" else member
    page = client_for(manager).get(reverse("admin:club_auditlog_changelist"), {parameter: who.pk})
    assert page.status_code == 200
    assert who.name_and_username in page.content.decode()


def test_the_operator_who_acted_in_the_club_is_kept(crowded, manager, member, root) -> None:
    services.membership_ban(membership=m(crowded, member), actor=root, reason="cheating")
    page = client_for(manager).get(reverse("admin:club_auditlog_changelist"), {"actor": root.pk})
    assert page.status_code == 200
    assert root.name_and_username in page.content.decode()
