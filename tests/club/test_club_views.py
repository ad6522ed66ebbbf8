"""The club pages: thin views over the services, plain POST + redirect, htmx partials, CSRF."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club import services
from club.models import AuditLog, Club, Invite, Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db

Status = Membership.Status


def messages_of(response) -> list[str]:
    return [str(x) for x in get_messages(response.wsgi_request)]


def test_home_lists_my_clubs_and_open_clubs(club, member, make_club, owner):
    make_club(owner, "Hidden", join_policy=Club.JoinPolicy.INVITE)
    make_club(owner, "Ask First", join_policy=Club.JoinPolicy.APPROVAL)
    page = client_for(member).get(reverse("home")).content.decode()
    assert "My clubs" in page and "Open Table" in page and "Ask First" in page
    assert "Hidden" not in page
    anonymous = Client().get(reverse("home")).content.decode()
    assert "Open Table" in anonymous and "Register" in anonymous


def test_base_layout_has_htmx_csrf_header_and_language_switch(member):
    page = client_for(member).get(reverse("home")).content.decode()
    assert "htmx" in page and 'hx-headers=\'{"X-CSRFToken": "' in page
    assert reverse("set_language") in page
    for code in ("ru", "bg", "en"):
        assert f'value="{code}"' in page
    assert reverse("logout") in page
    assert "/static/css/site.css" in page


def test_create_club_page(stranger):
    client = client_for(stranger)
    assert client.get(reverse("club_create")).status_code == 200
    response = client.post(
        reverse("club_create"), {"name": "Night Owls", "description": "late", "join_policy": "invite"}
    )
    club = Club.objects.get(name="Night Owls")
    assert response.url == club.get_absolute_url()
    assert m(club, stranger).role == Membership.Role.OWNER
    response = client.post(reverse("club_create"), {"name": "night owls", "join_policy": "open"})
    assert response.status_code == 200
    assert any(
        "A club with this name, or with a name that looks the same" in m for m in messages_of(response)
    )
    assert Club.objects.count() == 1


def test_create_club_needs_login():
    response = Client().get(reverse("club_create"))
    assert response.status_code == 302 and reverse("login") in response.url


def test_club_page_for_member_shows_members_role_and_chips(club, member, manager):
    response = client_for(member).get(club.get_absolute_url())
    page = response.content.decode()
    assert "Members" in page and "Misha" in page and "Olga" in page and "Petar" in page
    assert "Your role" in page
    assert "ledger/_club_chips.html" in [t.name for t in response.templates]
    assert response.context["membership"] == m(club, member)
    assert "Invite links" not in page and "Recent activity" not in page


def test_club_page_for_manager_shows_requests_invites_and_audit(approval_club, owner, stranger):
    services.membership_join(club=approval_club, user=stranger)
    page = client_for(owner).get(approval_club.get_absolute_url()).content.decode()
    assert "Requests to join" in page and "sasha" in page
    assert "Invite links" in page and "Recent activity" in page and "membership.requested" in page


def test_club_page_for_stranger_and_anonymous(club, invite_club, stranger):
    page = client_for(stranger).get(club.get_absolute_url()).content.decode()
    assert "Join the club" in page and "Misha" not in page
    page = client_for(stranger).get(invite_club.get_absolute_url()).content.decode()
    assert "invite only" in page
    page = Client().get(club.get_absolute_url()).content.decode()
    assert "to join this club" in page


@pytest.mark.parametrize(
    ("policy", "status", "text"),
    [
        (Club.JoinPolicy.OPEN, Status.ACTIVE, "Welcome to"),
        (Club.JoinPolicy.APPROVAL, Status.PENDING, "Your request to join has been sent"),
    ],
)
def test_join_button(make_club, owner, stranger, policy, status, text):
    club = make_club(owner, "Door", join_policy=policy)
    response = client_for(stranger).post(reverse("club_join", args=[club.slug]))
    assert response.status_code == 302
    assert m(club, stranger).status == status
    assert any(text in x for x in messages_of(response))


def test_join_invite_only_club_by_post_is_refused(invite_club, stranger):
    response = client_for(stranger).post(reverse("club_join", args=[invite_club.slug]))
    assert any("invite only" in x for x in messages_of(response))
    assert not Membership.objects.filter(club=invite_club, user=stranger).exists()


def test_join_needs_post(club, stranger):
    # A GET joins nobody: it goes to the club's page (review 21: a log-in coming back to a stale form).
    response = client_for(stranger).get(reverse("club_join", args=[club.slug]))
    assert response.status_code == 302 and response.url == club.get_absolute_url()
    assert not Membership.objects.filter(club=club, user=stranger).exists()


def test_leave(club, member):
    response = client_for(member).post(reverse("club_leave", args=[club.slug]), {"confirm": "1"})
    assert response.url == reverse("home")
    assert m(club, member).status == Status.LEFT


# --- invites through the pages ------------------------------------------------------------------------


def test_manager_creates_an_invite_and_a_stranger_uses_it(invite_club, owner, stranger):
    response = client_for(owner).post(
        reverse("invite_create", args=[invite_club.slug]), {"days_valid": 2, "max_uses": 3}
    )
    assert response.status_code == 302
    invite = Invite.objects.get(club=invite_club)
    assert invite.max_uses == 3
    page = client_for(owner).get(invite_club.get_absolute_url()).content.decode()
    assert invite.get_absolute_url() in page

    # Anonymous: sent to log in or register, with next.
    page = Client().get(invite.get_absolute_url()).content.decode()
    assert f"{reverse('register')}?next={invite.get_absolute_url()}" in page.replace("%2F", "/")
    response = Client().post(invite.get_absolute_url())
    assert reverse("login") in response.url

    client = client_for(stranger)
    page = client.get(invite.get_absolute_url()).content.decode()
    assert "Secret Room" in page and "Join the club" in page
    response = client.post(invite.get_absolute_url())
    assert response.url == invite_club.get_absolute_url()
    assert m(invite_club, stranger).status == Status.ACTIVE


def test_expired_invite_page_and_post_give_a_clear_message(invite_club, owner, stranger):
    invite = services.invite_create(club=invite_club, actor=owner)
    Invite.objects.filter(pk=invite.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    client = client_for(stranger)
    page = client.get(invite.get_absolute_url()).content.decode()
    assert "This invite has expired." in page and "Join the club" not in page
    response = client.post(invite.get_absolute_url())
    assert "This invite has expired." in messages_of(response)
    assert not Membership.objects.filter(club=invite_club, user=stranger).exists()


def test_used_up_invite_page_and_post(invite_club, owner, stranger, make_user):
    invite = services.invite_create(club=invite_club, actor=owner, max_uses=1)
    services.invite_accept(code=invite.code, user=make_user("early"))
    client = client_for(stranger)
    assert "This invite has been used up." in client.get(invite.get_absolute_url()).content.decode()
    response = client.post(invite.get_absolute_url())
    assert "This invite has been used up." in messages_of(response)
    assert not Membership.objects.filter(club=invite_club, user=stranger).exists()


def test_unknown_invite_is_a_404_with_a_message(stranger):
    response = client_for(stranger).get(reverse("invite_accept", args=["nope"]))
    assert response.status_code == 404
    assert "This invite link is not valid." in response.content.decode()


def test_member_cannot_create_invites(club, member):
    response = client_for(member).post(
        reverse("invite_create", args=[club.slug]), {"days_valid": 2, "max_uses": 3}
    )
    assert "Only the club's managers can do this." in messages_of(response)
    assert not Invite.objects.exists()


def test_revoke_invite(invite_club, owner):
    invite = services.invite_create(club=invite_club, actor=owner)
    client_for(owner).post(reverse("invite_revoke", args=[invite_club.slug, invite.pk]))
    invite.refresh_from_db()
    assert invite.revoked


# --- manager actions through the pages ----------------------------------------------------------------


def test_approve_by_plain_post_redirects(approval_club, owner, stranger):
    request = services.membership_join(club=approval_club, user=stranger)
    response = client_for(owner).post(reverse("membership_approve", args=[approval_club.slug, request.pk]))
    assert response.status_code == 302
    assert m(approval_club, stranger).status == Status.ACTIVE
    assert any("is now a member" in x for x in messages_of(response))


def test_refuse_by_htmx_returns_the_people_partial(approval_club, owner, stranger):
    request = services.membership_join(club=approval_club, user=stranger)
    response = client_for(owner).post(
        reverse("membership_refuse", args=[approval_club.slug, request.pk]), headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section class="card" id="people">')
    assert "<html" not in html
    assert "has been refused" in html  # the message travels inside the partial
    assert m(approval_club, stranger).status == Status.LEFT


def test_member_cannot_approve_through_the_page(approval_club, owner, member, stranger):
    Membership.objects.create(club=approval_club, user=member)
    request = services.membership_join(club=approval_club, user=stranger)
    response = client_for(member).post(reverse("membership_approve", args=[approval_club.slug, request.pk]))
    assert "Only the club's managers can do this." in messages_of(response)
    assert m(approval_club, stranger).status == Status.PENDING


def test_manager_of_club_a_can_do_nothing_in_club_b(club, manager, make_club, make_user):
    other = make_club(make_user("boris"), "Club B", join_policy=Club.JoinPolicy.APPROVAL)
    applicant, victim = make_user("applicant"), make_user("victim")
    request = services.membership_join(club=other, user=applicant)
    target = Membership.objects.create(club=other, user=victim)
    client = client_for(manager)
    audit_before = AuditLog.objects.count()
    for name, pk, data in [
        ("membership_approve", request.pk, {}),
        ("membership_refuse", request.pk, {}),
        ("membership_role", target.pk, {"role": "manager"}),
        ("membership_ban", target.pk, {"reason": "x"}),
        ("membership_unban", target.pk, {}),
    ]:
        response = client.post(reverse(name, args=[other.slug, pk]), data)
        assert "Only the club's managers can do this." in messages_of(response), name
    response = client.post(reverse("invite_create", args=[other.slug]), {"days_valid": 1, "max_uses": 1})
    assert "Only the club's managers can do this." in messages_of(response)
    # A membership of club B reached through club A's address is simply not found.
    assert client.post(reverse("membership_ban", args=[club.slug, target.pk])).status_code == 404
    assert m(other, applicant).status == Status.PENDING
    assert m(other, victim).status == Status.ACTIVE and m(other, victim).role == "member"
    assert AuditLog.objects.count() == audit_before
    assert not Invite.objects.filter(club=other).exists()


def test_promote_demote_ban_unban_through_the_pages(club, owner, member):
    client = client_for(owner)
    target = m(club, member)
    client.post(reverse("membership_role", args=[club.slug, target.pk]), {"role": "manager"})
    assert m(club, member).role == "manager"
    client.post(reverse("membership_role", args=[club.slug, target.pk]), {"role": "member"})
    assert m(club, member).role == "member"
    client.post(reverse("membership_role", args=[club.slug, target.pk]), {"role": "owner"})
    assert m(club, member).role == "member"
    client.post(reverse("membership_ban", args=[club.slug, target.pk]), {"reason": "cheating"})
    assert m(club, member).status == Status.BANNED
    page = client.get(club.get_absolute_url()).content.decode()
    assert "Banned" in page and "Lift the ban" in page
    client.post(reverse("membership_unban", args=[club.slug, target.pk]))
    assert m(club, member).status == Status.LEFT
    actions = list(AuditLog.objects.filter(club=club, actor=owner).values_list("action", flat=True))
    for action in ("membership.promoted", "membership.demoted", "membership.banned", "membership.unbanned"):
        assert action in actions


def test_banned_member_cannot_rejoin_through_any_page(club, owner, member):
    services.membership_ban(membership=m(club, member), actor=owner)
    invite = services.invite_create(club=club, actor=owner, max_uses=5)
    client = client_for(member)
    page = client.get(club.get_absolute_url()).content.decode()
    assert "You are banned from this club." in page
    for url in (reverse("club_join", args=[club.slug]), invite.get_absolute_url()):
        response = client.post(url)
        assert "You are banned from this club." in messages_of(response)
    assert m(club, member).status == Status.BANNED


# --- CSRF ---------------------------------------------------------------------------------------------


def csrf_client(user) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_forged_posts_without_csrf_are_refused_and_change_nothing(
    club, approval_club, owner, member, stranger
):
    request = services.membership_join(club=approval_club, user=stranger)
    audit_before = AuditLog.objects.count()
    forged = [
        (csrf_client(owner), reverse("membership_ban", args=[club.slug, m(club, member).pk]), {"reason": ""}),
        (csrf_client(owner), reverse("membership_approve", args=[approval_club.slug, request.pk]), {}),
        (csrf_client(owner), reverse("invite_create", args=[club.slug]), {"days_valid": 1, "max_uses": 9}),
        (csrf_client(member), reverse("club_leave", args=[club.slug]), {}),
        (csrf_client(stranger), reverse("club_create"), {"name": "Forged", "join_policy": "open"}),
        (
            csrf_client(stranger),
            reverse("profile"),
            {"display_name": "Hacked", "email": "h@example.org", "time_zone": "UTC"},
        ),
    ]
    for client, url, data in forged:
        response = client.post(url, data)
        assert response.status_code == 403, url
    assert m(club, member).status == Status.ACTIVE
    assert m(approval_club, stranger).status == Status.PENDING
    assert not Invite.objects.exists()
    assert not Club.objects.filter(name="Forged").exists()
    stranger.refresh_from_db()
    assert stranger.display_name == ""
    assert AuditLog.objects.count() == audit_before


def test_htmx_post_with_the_csrf_header_is_accepted(approval_club, owner, stranger):
    request = services.membership_join(club=approval_club, user=stranger)
    client = csrf_client(owner)
    client.get(approval_club.get_absolute_url())  # sets the csrf cookie, as the browser would
    token = client.cookies["csrftoken"].value
    response = client.post(
        reverse("membership_approve", args=[approval_club.slug, request.pk]),
        headers={"HX-Request": "true", "X-CSRFToken": token},
    )
    assert response.status_code == 200
    assert m(approval_club, stranger).status == Status.ACTIVE
