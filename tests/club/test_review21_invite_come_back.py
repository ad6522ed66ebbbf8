"""Review 21: a shared invite counts people let in (one who leaves and comes back by the same link
takes no other's place, outside review), but a link whose places were all taken kept out the very
people it had let in: a single-use link's member who left and came back by it read "This invite has
been used up." on the invite page and was refused. Only others are kept out; an expired or withdrawn
link keeps out everyone."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from club import services
from club.errors import ServiceError
from club.models import Invite, Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


def test_the_person_a_used_up_link_let_in_may_come_back_by_it(invite_club, owner, make_user):
    invite = services.invite_create(club=invite_club, actor=owner, max_uses=1)
    carl, dina = make_user("carl"), make_user("dina")
    services.invite_accept(code=invite.code, user=carl)
    services.membership_leave(club=invite_club, user=carl)

    page = client_for(carl).get(reverse("invite_accept", args=[invite.code])).content.decode()
    assert "used up" not in page and "Join the club" in page
    response = client_for(carl).post(reverse("invite_accept", args=[invite.code]))
    assert response.status_code == 302
    assert m(invite_club, carl).status == Membership.Status.ACTIVE
    invite.refresh_from_db()
    assert invite.uses == 1

    # Nobody else.
    assert "This invite has been used up." in client_for(dina).get(
        reverse("invite_accept", args=[invite.code])
    ).content.decode()
    with pytest.raises(ServiceError, match="used up"):
        services.invite_accept(code=invite.code, user=dina)
    assert not Membership.objects.filter(club=invite_club, user=dina).exists()


def test_an_expired_or_withdrawn_link_keeps_him_out_too(invite_club, owner, make_user):
    invite = services.invite_create(club=invite_club, actor=owner, max_uses=1)
    carl = make_user("carl")
    services.invite_accept(code=invite.code, user=carl)
    services.membership_leave(club=invite_club, user=carl)
    Invite.objects.filter(pk=invite.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    with pytest.raises(ServiceError, match="expired"):
        services.invite_accept(code=invite.code, user=carl)
    Invite.objects.filter(pk=invite.pk).update(expires_at=timezone.now() + timedelta(days=1))
    services.invite_revoke(invite=invite, actor=owner)
    with pytest.raises(ServiceError, match="withdrawn"):
        services.invite_accept(code=invite.code, user=carl)
    assert m(invite_club, carl).status == Membership.Status.LEFT


def test_a_banned_person_stays_out(invite_club, owner, make_user):
    invite = services.invite_create(club=invite_club, actor=owner, max_uses=1)
    carl = make_user("carl")
    services.invite_accept(code=invite.code, user=carl)
    services.membership_ban(membership=m(invite_club, carl), actor=owner, reason="cheating", until=None)
    with pytest.raises(ServiceError, match="banned"):
        services.invite_accept(code=invite.code, user=carl)
