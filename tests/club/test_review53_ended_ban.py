"""Review 53: a ban with an end. Once its time is up the person may come back at once, whether or
not the clock has swept it yet (its sweep runs every few seconds, and not at all while the worker is
down): he was told "You are banned from this club." under "The ban ends on <a time gone by>"."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club import services
from club.models import AuditLog, Membership

from .conftest import m

pytestmark = pytest.mark.django_db


def _banned_until_a_moment_ago(club, owner, member) -> None:
    services.membership_ban(
        membership=m(club, member),
        actor=owner,
        reason="cooling off",
        until=timezone.now() + timedelta(hours=1),
    )
    # An hour later, before the clock's sweep came by.
    Membership.objects.filter(club=club, user=member).update(ban_until=timezone.now() - timedelta(seconds=1))


def test_the_club_page_and_the_join_button_after_the_ban_ended(club, owner, member):
    _banned_until_a_moment_ago(club, owner, member)
    client = Client()
    client.force_login(member)
    page = client.get(club.get_absolute_url()).content.decode()
    assert 'id="banned-notice"' not in page
    assert reverse("club_join", args=[club.slug]) in page

    client.post(reverse("club_join", args=[club.slug]))
    mine = m(club, member)
    assert mine.status == Membership.Status.ACTIVE
    assert (mine.ban_reason, mine.banned_at, mine.ban_until) == ("", None, None)
    assert (
        AuditLog.objects.filter(club=club, target_user=member, action="membership.ban_expired").count() == 1
    )


def test_an_invite_after_the_ban_ended(invite_club, owner, member):
    invite = services.invite_create(club=invite_club, actor=owner, max_uses=2)
    services.invite_accept(code=invite.code, user=member)
    _banned_until_a_moment_ago(invite_club, owner, member)
    client = Client()
    client.force_login(member)
    assert 'id="banned-notice"' not in client.get(invite.get_absolute_url()).content.decode()
    assert services.invite_accept(code=invite.code, user=member).status == Membership.Status.ACTIVE


def test_a_ban_still_running_keeps_him_out(club, owner, member):
    services.membership_ban(
        membership=m(club, member), actor=owner, reason="", until=timezone.now() + timedelta(hours=1)
    )
    client = Client()
    client.force_login(member)
    assert 'id="banned-notice"' in client.get(club.get_absolute_url()).content.decode()
    client.post(reverse("club_join", args=[club.slug]))
    assert m(club, member).status == Membership.Status.BANNED
