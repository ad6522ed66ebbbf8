"""The club admin: managers see only their own clubs, superusers see all; bans go through the
service, with a message per refusal; the audit log is read-only."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from club import services
from club.models import AuditLog, Membership

from .conftest import client_for, m

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_clubs(club, manager, make_club, make_user):
    boris = make_user("boris")
    other = make_club(boris, "Elsewhere")
    services.membership_join(club=other, user=make_user("zoya"))
    manager.is_staff = True
    manager.save(update_fields=["is_staff"])
    return club, other


def test_staff_manager_sees_only_their_clubs(two_clubs, manager):
    club, other = two_clubs
    client = client_for(manager)
    assert client.get(reverse("admin:index")).status_code == 200
    page = client.get(reverse("admin:club_club_changelist")).content.decode()
    assert "Open Table" in page and "Elsewhere" not in page
    page = client.get(reverse("admin:club_membership_changelist")).content.decode()
    assert "petar" in page.lower() and "zoya" not in page.lower()
    page = client.get(reverse("admin:club_auditlog_changelist")).content.decode()
    assert "Open Table" in page and "Elsewhere" not in page
    # Another club's rows are not reachable by address either.
    assert client.get(reverse("admin:club_club_change", args=[other.pk])).status_code in (302, 403, 404)
    assert client.get(reverse("admin:club_club_change", args=[club.pk])).status_code == 200


def test_superuser_sees_every_club(two_clubs, make_user):
    admin_user = make_user("root", is_staff=True, is_superuser=True)
    page = client_for(admin_user).get(reverse("admin:club_club_changelist")).content.decode()
    assert "Open Table" in page and "Elsewhere" in page


def test_admin_access_follows_the_club_role(club, owner, member):
    """An owner needs no staff flag; a plain member is sent to the login; a demoted manager loses
    access at once, with no flag left behind to clear."""
    assert not owner.is_staff
    assert client_for(owner).get(reverse("admin:club_club_changelist")).status_code == 200
    response = client_for(member).get(reverse("admin:club_club_changelist"))
    assert response.status_code == 302 and "login" in response.url

    promoted = services.membership_set_role(membership=m(club, member), actor=owner, role="manager")
    assert client_for(member).get(reverse("admin:index")).status_code == 200
    services.membership_set_role(membership=promoted, actor=owner, role="member")
    response = client_for(member).get(reverse("admin:index"))
    assert response.status_code == 302 and "login" in response.url


def test_admin_login_page_refuses_a_plain_member_with_a_clear_message(club, member, client):
    from tests.conftest import TEST_PASSWORD

    response = client.post(reverse("admin:login"), {"username": member.username, "password": TEST_PASSWORD})
    assert response.status_code == 200
    assert "This page is for club managers." in response.content.decode()


def test_staff_user_who_manages_nothing_sees_no_club_models(club, member):
    member.is_staff = True
    member.save(update_fields=["is_staff"])
    client = client_for(member)
    response = client.get(reverse("admin:club_club_changelist"))
    assert response.status_code == 302 and "login" in response.url


def test_audit_log_is_read_only(two_clubs, manager, make_user):
    row = AuditLog.objects.filter(club=two_clubs[0]).first()
    root = make_user("root", is_staff=True, is_superuser=True)
    for user in (manager, root):
        client = client_for(user)
        assert client.get(reverse("admin:club_auditlog_add")).status_code == 403
        response = client.post(reverse("admin:club_auditlog_change", args=[row.pk]), {"action": "forged"})
        assert response.status_code == 403
        response = client.post(reverse("admin:club_auditlog_delete", args=[row.pk]), {"post": "yes"})
        assert response.status_code == 403
    row.refresh_from_db()
    assert row.action != "forged"


def test_admin_ban_action_calls_the_service_with_a_message_per_refusal(two_clubs, owner, manager, member):
    club, _ = two_clubs
    client = client_for(manager)
    targets = [m(club, member).pk, m(club, owner).pk]
    response = client.post(
        reverse("admin:club_membership_changelist"),
        {"action": "ban_selected", "_selected_action": targets},
    )
    assert response.status_code == 302
    texts = [str(x) for x in get_messages(response.wsgi_request)]
    assert any("Nobody can act on the club's owner." in t for t in texts)
    assert any("1 member banned." in t for t in texts)
    assert m(club, member).status == Membership.Status.BANNED
    assert m(club, owner).status == Membership.Status.ACTIVE
    assert AuditLog.objects.filter(club=club, action="membership.banned", actor=manager).count() == 1


def test_admin_ban_action_cannot_reach_another_club(two_clubs, manager):
    _, other = two_clubs
    target = Membership.objects.filter(club=other, role="member").first()
    client_for(manager).post(
        reverse("admin:club_membership_changelist"),
        {"action": "ban_selected", "_selected_action": [target.pk]},
    )
    target.refresh_from_db()
    assert target.status == Membership.Status.ACTIVE


def test_superuser_bans_in_any_club_and_it_is_audited(two_clubs, make_user, member):
    """The site operator answers for every club: he acts with the owner's powers, on the record."""
    club, _ = two_clubs
    root = make_user("root", is_staff=True, is_superuser=True)
    client_for(root).post(
        reverse("admin:club_membership_changelist"),
        {"action": "ban_selected", "_selected_action": [m(club, member).pk]},
    )
    assert m(club, member).status == Membership.Status.BANNED
    assert AuditLog.objects.filter(action="membership.banned", actor=root, club=club).count() == 1


def test_superuser_still_cannot_ban_the_owner(two_clubs, make_user):
    club, _ = two_clubs
    root = make_user("root", is_staff=True, is_superuser=True)
    owner_row = Membership.objects.get(club=club, role=Membership.Role.OWNER)
    response = client_for(root).post(
        reverse("admin:club_membership_changelist"),
        {"action": "ban_selected", "_selected_action": [owner_row.pk]},
    )
    texts = [str(x) for x in get_messages(response.wsgi_request)]
    assert any("Nobody can act on the club's owner." in t for t in texts)
    owner_row.refresh_from_db()
    assert owner_row.status == Membership.Status.ACTIVE
