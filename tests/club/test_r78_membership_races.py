"""Review 78: a club's doors raced on PostgreSQL with real connections (one thread each, released
together): an approval against the person withdrawing his request, one invite pressed from two tabs,
an invite used while its maker is demoted or the link withdrawn, a leave from two tabs."""

from __future__ import annotations

import pytest
from django.db import connection

from club import services
from club.errors import ServiceError
from club.models import AuditLog, Club, Membership, User
from tests.club.test_races import race

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL (CI runs it)"),
]

PW = "x-long-password-1"


def _people(*names: str) -> list[User]:
    return [User.objects.create_user(name, password=PW) for name in names]


def _row(club: Club, user: User) -> Membership:
    return Membership.objects.get(club=club, user=user)


@pytest.mark.parametrize("attempt", range(3))
def test_an_approval_racing_the_withdrawal(attempt: int) -> None:
    owner, asker = _people("owner", "asker")
    club = services.club_create(user=owner, name="Door", join_policy=Club.JoinPolicy.APPROVAL)
    services.membership_join(club=club, user=asker)
    pending = _row(club, asker)
    calls = [
        lambda: services.membership_approve(membership=pending, actor=owner),
        lambda: services.membership_leave(club=club, user=asker, request_only=True),
    ]

    results = race(2, lambda i: calls[i]())

    done = [r for r in results if isinstance(r, Membership)]
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(done) == 1 and len(refused) == 1 and refused[0].code == "stale", results
    assert not refused[0].done  # neither is what the other asked for
    row = _row(club, asker)
    assert row.status in ("active", "left") and row.status == done[0].status
    actions = set(
        AuditLog.objects.filter(club=club, target_user=asker)
        .exclude(action="membership.requested")
        .values_list("action", flat=True)
    )
    assert actions == {"membership.approved" if row.status == "active" else "membership.left"}


def test_one_invite_pressed_from_two_tabs_is_one_use() -> None:
    owner, guest = _people("owner", "guest")
    club = services.club_create(user=owner, name="Tabs", join_policy=Club.JoinPolicy.INVITE)
    invite = services.invite_create(club=club, actor=owner, max_uses=3)

    results = race(3, lambda i: services.invite_accept(code=invite.code, user=guest))

    assert sum(isinstance(r, Membership) for r in results) == 1, results
    assert all(isinstance(r, Membership) or (r.code == "already_member" and r.done) for r in results)
    invite.refresh_from_db()
    assert invite.uses == 1
    assert AuditLog.objects.filter(club=club, target_user=guest, action="membership.joined").count() == 1


@pytest.mark.parametrize("against", ["demote", "revoke"])
def test_an_invite_used_while_its_maker_is_demoted_or_it_is_withdrawn(against: str) -> None:
    owner, maker, guest = _people("owner", "maker", "guest")
    club = services.club_create(user=owner, name="Maker", join_policy=Club.JoinPolicy.OPEN)
    services.membership_join(club=club, user=maker)
    services.membership_set_role(membership=_row(club, maker), actor=owner, role="manager")
    club.join_policy = Club.JoinPolicy.INVITE
    club.save()
    invite = services.invite_create(club=club, actor=maker, max_uses=2)
    if against == "demote":
        other = lambda: services.membership_set_role(membership=_row(club, maker), actor=owner, role="member")  # noqa: E731
    else:
        other = lambda: services.invite_revoke(invite=invite, actor=owner)  # noqa: E731
    calls = [lambda: services.invite_accept(code=invite.code, user=guest), other]

    results = race(2, lambda i: calls[i]())

    assert not any(isinstance(r, str) for r in results), results
    joined = isinstance(results[0], Membership)
    if not joined:
        assert results[0].code in ("invite_maker_gone", "invite_revoked"), results
        assert not Membership.objects.filter(club=club, user=guest).exists()
    invite.refresh_from_db()
    assert invite.uses == int(joined)
    # Whatever the order, the link lets nobody in afterwards.
    (late,) = _people("late")
    with pytest.raises(ServiceError):
        services.invite_accept(code=invite.code, user=late)


def test_leaving_from_two_tabs_is_one_leave() -> None:
    owner, member = _people("owner", "member")
    club = services.club_create(user=owner, name="Exit")
    services.membership_join(club=club, user=member)

    results = race(3, lambda i: services.membership_leave(club=club, user=member))

    assert sum(isinstance(r, Membership) for r in results) == 1, results
    assert all(isinstance(r, Membership) or r.done for r in results), results
    assert AuditLog.objects.filter(club=club, target_user=member, action="membership.left").count() == 1


@pytest.mark.parametrize("attempt", range(2))
def test_a_hand_over_racing_the_new_owners_leave(attempt: int) -> None:
    owner, heir = _people("owner", "heir")
    club = services.club_create(user=owner, name="Crown")
    services.membership_join(club=club, user=heir)
    services.membership_set_role(membership=_row(club, heir), actor=owner, role="manager")
    row = _row(club, heir)
    calls = [
        lambda: services.club_hand_over(membership=row, actor=owner),
        lambda: services.membership_leave(club=club, user=heir),
    ]

    results = race(2, lambda i: calls[i]())

    assert not any(isinstance(r, str) for r in results), results
    assert sum(isinstance(r, Membership) for r in results) == 1, results
    owners = Membership.objects.filter(club=club, role="owner", status="active")
    assert owners.count() == 1  # a club always has an active owner
    heir_row = _row(club, heir)
    if isinstance(results[0], Membership):
        assert heir_row.role == "owner" and heir_row.status == "active"
        assert _row(club, owner).role == "manager"
    else:
        assert heir_row.status == "left" and _row(club, owner).role == "owner"
