"""A stranger posting "withdraw" to invite numbers under a club's address was told "Only the club's
managers can do this." of an invite that exists and given a 404 of one that does not: he learnt the
numbers of the club's invites. He is told the same of any number now, and nothing changes."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from club import services
from club.models import Invite

from .conftest import client_for

pytestmark = pytest.mark.django_db


def _said(response) -> list[tuple[int, str, str]]:
    said = [(response.status_code, m.level_tag, str(m)) for m in get_messages(response.wsgi_request)]
    return said[-1:]  # this answer's own (the first, not followed, is still waiting to be shown)


def test_a_stranger_learns_nothing_of_invite_numbers(club, owner, make_user):
    invite = services.invite_create(club=club, actor=owner)
    stranger = client_for(make_user("eve"))
    real = _said(stranger.post(reverse("invite_revoke", args=[club.slug, invite.pk])))
    made_up = _said(stranger.post(reverse("invite_revoke", args=[club.slug, invite.pk + 1000])))
    assert real == made_up and real[0][1] == "error", (real, made_up)
    assert not Invite.objects.get(pk=invite.pk).revoked


def test_a_member_learns_nothing_either_and_a_manager_still_withdraws(club, owner, member):
    invite = services.invite_create(club=club, actor=owner)
    plain = client_for(member)
    real = _said(plain.post(reverse("invite_revoke", args=[club.slug, invite.pk])))
    made_up = _said(plain.post(reverse("invite_revoke", args=[club.slug, invite.pk + 1000])))
    assert real == made_up
    manager = client_for(owner)
    assert manager.post(reverse("invite_revoke", args=[club.slug, invite.pk + 1000])).status_code == 404
    manager.post(reverse("invite_revoke", args=[club.slug, invite.pk]))
    assert Invite.objects.get(pk=invite.pk).revoked
