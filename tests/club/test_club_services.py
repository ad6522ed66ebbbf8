"""Clubs and memberships through the services: every join policy, invites, permissions, audit rows."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from club import selectors, services
from club.errors import NotAllowed, ServiceError
from club.models import AuditLog, Club, Invite, Membership

from .conftest import m

pytestmark = pytest.mark.django_db

Role = Membership.Role
Status = Membership.Status


def actions(club: Club) -> list[str]:
    return list(AuditLog.objects.filter(club=club).order_by("id").values_list("action", flat=True))


# --- creating and joining -----------------------------------------------------------------------------


def test_creator_is_owner_and_creation_is_logged(make_club, owner):
    club = make_club(owner, "Храп и Ко")
    assert club.slug == "hrap-i-ko"
    assert m(club, owner).role == Role.OWNER and m(club, owner).status == Status.ACTIVE
    assert actions(club) == ["club.created"]


def test_duplicate_club_name_is_refused(make_club, owner, stranger):
    make_club(owner, "Aces")
    with pytest.raises(ServiceError, match="already exists"):
        services.club_create(user=stranger, name="aces")
    assert Club.objects.count() == 1


def test_reserved_slug_is_avoided(make_club, owner):
    assert make_club(owner, "New").slug != "new"


def test_open_club_join_is_immediate(club, stranger):
    membership = services.membership_join(club=club, user=stranger)
    assert membership.status == Status.ACTIVE and membership.role == Role.MEMBER
    assert actions(club)[-1] == "membership.joined"


def test_joining_twice_is_refused(club, member):
    with pytest.raises(ServiceError, match="already a member"):
        services.membership_join(club=club, user=member)


def test_approval_club_join_waits_then_manager_approves(approval_club, owner, stranger):
    membership = services.membership_join(club=approval_club, user=stranger)
    assert membership.status == Status.PENDING
    with pytest.raises(ServiceError, match="already waiting"):
        services.membership_join(club=approval_club, user=stranger)
    services.membership_approve(membership=membership, actor=owner)
    assert m(approval_club, stranger).status == Status.ACTIVE
    assert actions(approval_club)[-2:] == ["membership.requested", "membership.approved"]


def test_refused_request_can_be_made_again(approval_club, owner, stranger):
    membership = services.membership_join(club=approval_club, user=stranger)
    services.membership_refuse(membership=membership, actor=owner)
    assert m(approval_club, stranger).status == Status.LEFT
    assert services.membership_join(club=approval_club, user=stranger).status == Status.PENDING


def test_invite_only_club_refuses_plain_join(invite_club, stranger):
    with pytest.raises(NotAllowed, match="invite only"):
        services.membership_join(club=invite_club, user=stranger)
    assert not Membership.objects.filter(club=invite_club, user=stranger).exists()


def test_invite_only_club_join_by_invite(invite_club, owner, stranger):
    invite = services.invite_create(club=invite_club, actor=owner, days_valid=3, max_uses=2)
    membership = services.invite_accept(code=invite.code, user=stranger)
    assert membership.status == Status.ACTIVE
    invite.refresh_from_db()
    assert invite.uses == 1
    assert actions(invite_club)[-2:] == ["invite.created", "membership.joined"]


def test_leave_and_rejoin(club, member):
    services.membership_leave(club=club, user=member)
    assert m(club, member).status == Status.LEFT
    assert services.membership_join(club=club, user=member).status == Status.ACTIVE


def test_owner_cannot_leave(club, owner):
    with pytest.raises(NotAllowed):
        services.membership_leave(club=club, user=owner)


# --- invites: expiry and use limit --------------------------------------------------------------------


def test_expired_invite_is_refused_and_changes_nothing(invite_club, owner, stranger):
    invite = services.invite_create(club=invite_club, actor=owner)
    Invite.objects.filter(pk=invite.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(ServiceError, match="expired") as exc:
        services.invite_accept(code=invite.code, user=stranger)
    assert exc.value.code == "invite_expired"
    assert not Membership.objects.filter(club=invite_club, user=stranger).exists()
    invite.refresh_from_db()
    assert invite.uses == 0


def test_used_up_invite_is_refused(invite_club, owner, make_user):
    invite = services.invite_create(club=invite_club, actor=owner, max_uses=1)
    first, second = make_user("first"), make_user("second")
    services.invite_accept(code=invite.code, user=first)
    with pytest.raises(ServiceError, match="used up") as exc:
        services.invite_accept(code=invite.code, user=second)
    assert exc.value.code == "invite_used_up"
    assert not Membership.objects.filter(club=invite_club, user=second).exists()
    invite.refresh_from_db()
    assert invite.uses == 1


def test_one_person_leaving_and_coming_back_uses_a_shared_invite_once(invite_club, owner, make_user):
    invite = services.invite_create(club=invite_club, actor=owner, max_uses=2)
    carl, dina = make_user("carl"), make_user("dina")
    services.invite_accept(code=invite.code, user=carl)
    for _ in range(3):
        services.membership_leave(club=invite_club, user=carl)
        services.invite_accept(code=invite.code, user=carl)
    invite.refresh_from_db()
    assert invite.uses == 1
    services.invite_accept(code=invite.code, user=dina)  # the second place is still there
    assert m(invite_club, dina).status == Membership.Status.ACTIVE


def test_revoked_and_unknown_invites_are_refused(invite_club, owner, stranger):
    invite = services.invite_create(club=invite_club, actor=owner)
    services.invite_revoke(invite=invite, actor=owner)
    with pytest.raises(ServiceError, match="withdrawn"):
        services.invite_accept(code=invite.code, user=stranger)
    with pytest.raises(ServiceError, match="not valid"):
        services.invite_accept(code="no-such-code", user=stranger)
    assert not Membership.objects.filter(club=invite_club, user=stranger).exists()


def test_already_member_does_not_use_up_an_invite(club, owner, member):
    invite = services.invite_create(club=club, actor=owner, max_uses=1)
    with pytest.raises(ServiceError, match="already a member"):
        services.invite_accept(code=invite.code, user=member)
    invite.refresh_from_db()
    assert invite.uses == 0


@pytest.mark.parametrize(("days", "uses"), [(0, 1), (91, 1), (7, 0), (7, 1001)])
def test_invite_limits_are_checked(club, owner, days, uses):
    with pytest.raises(ServiceError):
        services.invite_create(club=club, actor=owner, days_valid=days, max_uses=uses)
    assert not Invite.objects.exists()


# --- permissions --------------------------------------------------------------------------------------


def test_member_cannot_approve_or_invite(approval_club, owner, member, stranger):
    services.membership_join(club=approval_club, user=member)
    services.membership_approve(membership=m(approval_club, member), actor=owner)
    request = services.membership_join(club=approval_club, user=stranger)
    with pytest.raises(NotAllowed):
        services.membership_approve(membership=request, actor=member)
    with pytest.raises(NotAllowed):
        services.invite_create(club=approval_club, actor=member)
    assert m(approval_club, stranger).status == Status.PENDING


def test_manager_of_one_club_can_do_nothing_in_another(club, manager, make_club, make_user):
    other_owner = make_user("boris")
    other = make_club(other_owner, "Other", join_policy=Club.JoinPolicy.APPROVAL)
    victim, applicant = make_user("victim"), make_user("applicant")
    services.membership_join(club=other, user=applicant)
    Membership.objects.create(club=other, user=victim)
    rows = Membership.objects.filter(club=other).values_list("user_id", "role", "status").order_by("id")
    before = list(rows)
    calls = [
        lambda: services.membership_approve(membership=m(other, applicant), actor=manager),
        lambda: services.membership_refuse(membership=m(other, applicant), actor=manager),
        lambda: services.membership_ban(membership=m(other, victim), actor=manager),
        lambda: services.membership_unban(membership=m(other, victim), actor=manager),
        lambda: services.membership_set_role(membership=m(other, victim), actor=manager, role=Role.MANAGER),
        lambda: services.invite_create(club=other, actor=manager),
    ]
    for call in calls:
        with pytest.raises(NotAllowed):
            call()
    assert list(rows.all()) == before
    assert not Invite.objects.filter(club=other).exists()


def test_manager_cannot_act_on_owner_or_other_manager_or_promote(club, owner, manager, member, make_user):
    with pytest.raises(NotAllowed):
        services.membership_ban(membership=m(club, owner), actor=manager)
    second = make_user("second")
    services.membership_join(club=club, user=second)
    services.membership_set_role(membership=m(club, second), actor=owner, role=Role.MANAGER)
    with pytest.raises(NotAllowed):
        services.membership_ban(membership=m(club, second), actor=manager)
    with pytest.raises(NotAllowed):
        services.membership_set_role(membership=m(club, member), actor=manager, role=Role.MANAGER)
    # but a manager can ban a plain member
    services.membership_ban(membership=m(club, member), actor=manager)
    assert m(club, member).status == Status.BANNED


def test_nobody_acts_on_themselves(club, manager):
    with pytest.raises(NotAllowed):
        services.membership_ban(membership=m(club, manager), actor=manager)


# --- bans: no door lets a banned member back in -------------------------------------------------------


@pytest.mark.parametrize("policy", [Club.JoinPolicy.OPEN, Club.JoinPolicy.APPROVAL, Club.JoinPolicy.INVITE])
def test_banned_member_cannot_rejoin_by_any_door(make_club, owner, member, policy):
    club = make_club(owner, f"Club {policy}", join_policy=policy)
    Membership.objects.create(club=club, user=member)
    services.membership_ban(membership=m(club, member), actor=owner, reason="cheating")
    invite = services.invite_create(club=club, actor=owner, max_uses=5)

    with pytest.raises(NotAllowed):
        services.membership_join(club=club, user=member)  # open join, or a request, or "invite only"
    with pytest.raises(NotAllowed, match="banned"):
        services.invite_accept(code=invite.code, user=member)
    with pytest.raises(ServiceError):
        services.membership_leave(club=club, user=member)  # leaving would launder the ban

    assert m(club, member).status == Status.BANNED
    invite.refresh_from_db()
    assert invite.uses == 0


def test_unban_lets_them_join_again(club, owner, member):
    services.membership_ban(membership=m(club, member), actor=owner)
    services.membership_unban(membership=m(club, member), actor=owner)
    assert m(club, member).status == Status.LEFT
    assert services.membership_join(club=club, user=member).status == Status.ACTIVE


def test_banning_a_manager_takes_the_role(club, owner, manager):
    services.membership_ban(membership=m(club, manager), actor=owner)
    assert m(club, manager).role == Role.MEMBER
    assert not selectors.clubs_managed_by(user=manager).exists()


# --- audit rows for each manager action ---------------------------------------------------------------


def test_every_manager_action_writes_an_audit_row(approval_club, owner, make_user):
    a, b, c = make_user("a"), make_user("b"), make_user("c")
    for user in (a, b, c):
        services.membership_join(club=approval_club, user=user)
    services.membership_approve(membership=m(approval_club, a), actor=owner)
    services.membership_refuse(membership=m(approval_club, b), actor=owner)
    services.membership_approve(membership=m(approval_club, c), actor=owner)
    services.membership_set_role(membership=m(approval_club, a), actor=owner, role=Role.MANAGER)
    services.membership_set_role(membership=m(approval_club, a), actor=owner, role=Role.MEMBER)
    services.membership_ban(membership=m(approval_club, c), actor=owner, reason="rude")
    services.membership_unban(membership=m(approval_club, c), actor=owner)
    invite = services.invite_create(club=approval_club, actor=owner)
    services.invite_revoke(invite=invite, actor=owner)

    rows = AuditLog.objects.filter(club=approval_club, actor=owner).order_by("id")
    assert [r.action for r in rows] == [
        "club.created",
        "membership.approved",
        "membership.refused",
        "membership.approved",
        "membership.promoted",
        "membership.demoted",
        "membership.banned",
        "membership.unbanned",
        "invite.created",
        "invite.revoked",
    ]
    banned = rows.get(action="membership.banned")
    assert banned.target_user == c and banned.data["reason"] == "rude"
    assert rows.get(action="membership.promoted").data == {"from": "member", "to": "manager"}


def test_a_refused_action_writes_no_audit_row(club, member, stranger):
    before = AuditLog.objects.count()
    with pytest.raises(NotAllowed):
        services.membership_ban(membership=m(club, member), actor=stranger)
    assert AuditLog.objects.count() == before


# --- selectors ----------------------------------------------------------------------------------------


def test_club_lists_count_every_active_member(club, member, stranger, owner, make_club):
    mine = list(selectors.club_list_for_user(user=member))
    assert [c.name for c in mine] == ["Open Table"]
    assert mine[0].member_count == 3
    other = make_club(owner, "Second", join_policy=Club.JoinPolicy.APPROVAL)
    joinable = {c.name: c.member_count for c in selectors.club_list_joinable(user=stranger)}
    assert joinable == {"Open Table": 3, "Second": 1}
    # someone who left a club can find it again; a banned one cannot; a pending one sees it elsewhere
    services.membership_leave(club=club, user=member)
    assert "Open Table" in {c.name for c in selectors.club_list_joinable(user=member)}
    services.membership_join(club=other, user=stranger)
    assert "Second" not in {c.name for c in selectors.club_list_joinable(user=stranger)}
    assert [c.name for c in selectors.club_list_pending_for_user(user=stranger)] == ["Second"]
    services.membership_ban(membership=m(club, member), actor=owner)
    assert "Open Table" not in {c.name for c in selectors.club_list_joinable(user=member)}


def test_clubs_managed_by(club, owner, manager, member):
    assert list(selectors.clubs_managed_by(user=owner)) == [club]
    assert list(selectors.clubs_managed_by(user=manager)) == [club]
    assert not selectors.clubs_managed_by(user=member).exists()
