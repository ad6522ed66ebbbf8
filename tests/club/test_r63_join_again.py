"""Review 63: a person's own join buttons sent again (a double click, a browser's retry, a second tab)
after the first copy had let him in were answered in red as a failure: "You are already a member of
this club." after Join or after an invite link's Join, "Your request to join is already waiting for a
manager." after Ask to join. What he asked for is so: it is said as news (info), and nothing is
written twice (one audit row, one use of the invite)."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from club import services
from club.models import AuditLog, Invite, Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


def _said(response) -> list[tuple[str, str]]:
    return [(x.level_tag, str(x)) for x in get_messages(response.wsgi_request)]


def test_join_an_open_club_twice_is_news(club, stranger):
    client = client_for(stranger)
    url = reverse("club_join", args=[club.slug])
    first = _said(client.post(url))
    assert first[-1][0] == "success", first
    again = _said(client.post(url))
    assert again[-1] == ("info", "You are already a member of this club."), again
    assert not [text for tag, text in again if tag == "error"], again
    assert m(club, stranger).status == Membership.Status.ACTIVE
    assert AuditLog.objects.filter(club=club, target_user=stranger, action="membership.joined").count() == 1


def test_ask_to_join_twice_is_news(approval_club, stranger):
    client = client_for(stranger)
    url = reverse("club_join", args=[approval_club.slug])
    client.post(url)
    again = _said(client.post(url))
    assert again[-1] == ("info", "Your request to join is already waiting for a manager."), again
    assert not [text for tag, text in again if tag == "error"], again
    assert m(approval_club, stranger).status == Membership.Status.PENDING
    asked = AuditLog.objects.filter(club=approval_club, target_user=stranger, action="membership.requested")
    assert asked.count() == 1


def test_an_invite_used_twice_by_the_same_person_is_news(invite_club, owner, stranger, make_user):
    invite = services.invite_create(club=invite_club, actor=owner, max_uses=2)
    client = client_for(stranger)
    url = reverse("invite_accept", args=[invite.code])
    assert _said(client.post(url))[-1][0] == "success"
    again = _said(client.post(url))
    assert again[-1] == ("info", "You are already a member of this club."), again
    assert not [text for tag, text in again if tag == "error"], again
    assert Invite.objects.get(pk=invite.pk).uses == 1
    # The second place is still there for someone else.
    other = make_user("other")
    assert _said(client_for(other).post(url))[-1][0] == "success"
    assert Invite.objects.get(pk=invite.pk).uses == 2


def test_a_member_asking_to_join_is_still_told_in_red_when_banned(club, owner, stranger):
    """The news is only for what was asked being so: a banned person is refused, in red."""
    services.membership_join(club=club, user=stranger)
    services.membership_ban(membership=m(club, stranger), actor=owner, reason="cheat")
    said = _said(client_for(stranger).post(reverse("club_join", args=[club.slug])))
    assert said == [("error", "You are banned from this club.")], said


def _leave(client, club, *, withdraw: bool = False):
    data = {"confirm": "1", **({"withdraw": "1"} if withdraw else {})}
    return client.post(reverse("club_leave", args=[club.slug]), data)


def test_leave_twice_is_news(club, member):
    client = client_for(member)
    assert _said(_leave(client, club))[-1][0] == "success"
    again = _said(_leave(client, club))
    assert again[-1] == ("info", "You have already left this club."), again
    assert not [text for tag, text in again if tag == "error"], again
    assert AuditLog.objects.filter(club=club, target_user=member, action="membership.left").count() == 1


@pytest.mark.parametrize("fate", ["expired", "used up", "withdrawn"])
def test_an_invites_join_pressed_again_after_the_link_ended_is_news(invite_club, owner, stranger, fate):
    """The stale page's Join, after the link that let him in expired, was used up or withdrawn, was
    answered in red with the link's fate, though its page tells a member he is one (stop 28's left-out
    list)."""
    from datetime import timedelta

    from django.utils import timezone

    invite = services.invite_create(club=invite_club, actor=owner, max_uses=1)
    client = client_for(stranger)
    url = reverse("invite_accept", args=[invite.code])
    assert _said(client.post(url))[-1][0] == "success"
    if fate == "expired":
        Invite.objects.filter(pk=invite.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    elif fate == "withdrawn":
        Invite.objects.filter(pk=invite.pk).update(revoked=True)
    response = client.post(url)
    again = _said(response)
    assert again[-1] == ("info", "You are already a member of this club."), again
    assert response.url == invite_club.get_absolute_url()


def test_leave_twice_is_news_after_a_warning_written_meanwhile(club, member, owner):
    """A manager's warning about an old deal, written after he left, is no change of his membership:
    his second Leave was answered in red (stop 28's left-out list)."""
    from club.services import audit_log_write

    client = client_for(member)
    assert _said(_leave(client, club))[-1][0] == "success"
    audit_log_write(action="membership.warned", actor=owner, club=club, target_user=member, data={})
    again = _said(_leave(client, club))
    assert again[-1] == ("info", "You have already left this club."), again


def test_withdraw_twice_is_news(approval_club, stranger):
    client = client_for(stranger)
    services.membership_join(club=approval_club, user=stranger)
    assert _said(_leave(client, approval_club, withdraw=True))[-1][0] == "success"
    again = _said(_leave(client, approval_club, withdraw=True))
    assert again[-1] == ("info", "Your request to join has already been withdrawn."), again
    assert not [text for tag, text in again if tag == "error"], again


def test_a_request_refused_is_not_said_withdrawn(approval_club, owner, stranger):
    """Out by a manager's answer, not his own earlier copy: he is told it was refused, in red (review
    104: it said only "You are not a member of this club.")."""
    services.membership_join(club=approval_club, user=stranger)
    services.membership_refuse(membership=m(approval_club, stranger), actor=owner)
    said = _said(_leave(client_for(stranger), approval_club, withdraw=True))
    refused = "A manager has refused your request to join in the meantime: it is no longer waiting."
    assert said[-1] == ("error", refused), said


def test_leave_twice_in_russian(club, member):
    client = client_for(member)
    client.cookies["django_language"] = "ru"
    _leave(client, club)
    again = _said(_leave(client, club))
    assert again[-1] == ("info", "Вы уже вышли из этого клуба."), again
