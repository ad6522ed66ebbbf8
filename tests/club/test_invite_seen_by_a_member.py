"""A member opening another's invite link that was used up or has expired read "This invite has been
used up." (review 29's note), as if he were kept out: he is told he is a member already, with the
way to the club. Anyone else still reads what became of the link."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from club import services
from club.models import Invite

from .conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("spent", ["used up", "expired"])
def test_a_member_is_told_he_is_one(invite_club, owner, make_user, spent):
    member, other = make_user("mira"), make_user("oleg")
    services.invite_accept(code=services.invite_create(club=invite_club, actor=owner).code, user=member)
    invite = services.invite_create(club=invite_club, actor=owner, max_uses=1)
    if spent == "used up":
        services.invite_accept(code=invite.code, user=make_user("petr"))
    else:
        Invite.objects.filter(pk=invite.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    url = reverse("invite_accept", args=[invite.code])
    page = client_for(member).get(url).content.decode()
    assert "You are already a member of this club." in page and spent not in page
    assert f'href="{invite_club.get_absolute_url()}"' in page
    assert f"This invite has {'been used up' if spent == 'used up' else 'expired'}." in (
        client_for(other).get(url).content.decode()
    )
