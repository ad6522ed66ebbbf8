"""Races between real database connections (one per thread, released together by a barrier).

They mean something only where rows are really locked: PostgreSQL. SQLite serialises every writer,
so there they are skipped with that reason; CI runs them on PostgreSQL.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection, connections
from django.utils import timezone

from club import services
from club.errors import ServiceError
from club.models import AuditLog, Club, Invite, Membership, User

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL (CI runs it)"),
]


def race(n: int, work: Callable[[int], Any]) -> list[Any]:
    """Run ``work(i)`` in n threads started together; return each result or the exception raised."""
    barrier = threading.Barrier(n, timeout=30)
    results: list[Any] = [None] * n

    def run(i: int) -> None:
        try:
            barrier.wait()
            results[i] = work(i)
        except Exception as exc:  # the test inspects refusals
            results[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "a racing thread hung"
    return results


def test_last_use_of_an_invite_goes_to_exactly_one_person() -> None:
    owner = User.objects.create_user("owner", password="x-long-password-1")
    club = services.club_create(user=owner, name="Racers", join_policy=Club.JoinPolicy.INVITE)
    invite = services.invite_create(club=club, actor=owner, max_uses=1)
    people = [User.objects.create_user(f"p{i}", password="x-long-password-1") for i in range(6)]

    results = race(6, lambda i: services.invite_accept(code=invite.code, user=people[i]))

    joined = [r for r in results if isinstance(r, Membership)]
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(joined) == 1 and len(refused) == 5, results
    assert all(r.code == "invite_used_up" for r in refused)
    invite.refresh_from_db()
    assert invite.uses == 1
    assert Membership.objects.filter(club=club, status="active").count() == 2  # owner + the winner


def test_two_clubs_with_one_name_cannot_both_be_created() -> None:
    users = [User.objects.create_user(f"u{i}", password="x-long-password-1") for i in range(4)]

    results = race(4, lambda i: services.club_create(user=users[i], name="Same Name"))

    assert sum(isinstance(r, Club) for r in results) == 1, results
    assert all(isinstance(r, Club | ServiceError) for r in results), results
    assert Club.objects.filter(name="Same Name").count() == 1
    assert Membership.objects.filter(role="owner").count() == 1


def test_one_person_joining_twice_at_once_gets_one_membership() -> None:
    owner = User.objects.create_user("owner", password="x-long-password-1")
    club = services.club_create(user=owner, name="Open house")
    eager = User.objects.create_user("eager", password="x-long-password-1")

    results = race(4, lambda i: services.membership_join(club=club, user=eager))

    assert sum(isinstance(r, Membership) for r in results) == 1, results
    assert all(isinstance(r, Membership) or r.code == "already_member" for r in results), results
    assert Membership.objects.filter(club=club, user=eager).count() == 1


def test_expired_invite_in_a_race_admits_nobody() -> None:
    owner = User.objects.create_user("owner", password="x-long-password-1")
    club = services.club_create(user=owner, name="Closed", join_policy=Club.JoinPolicy.INVITE)
    invite = Invite.objects.create(club=club, created_by=owner, max_uses=5,
                                   expires_at=timezone.now() - timedelta(seconds=1))
    people = [User.objects.create_user(f"q{i}", password="x-long-password-1") for i in range(3)]

    results = race(3, lambda i: services.invite_accept(code=invite.code, user=people[i]))

    assert all(isinstance(r, ServiceError) and r.code == "invite_expired" for r in results), results
    assert Membership.objects.filter(club=club).count() == 1


def _club_with_two_managers(policy: str = Club.JoinPolicy.APPROVAL) -> tuple[Club, list[User], User]:
    owner = User.objects.create_user("owner", password="x-long-password-1")
    club = services.club_create(user=owner, name="Two Desks", join_policy=policy)
    second = User.objects.create_user("second", password="x-long-password-1")
    services.membership_join(club=club, user=second)
    if policy == Club.JoinPolicy.APPROVAL:
        services.membership_approve(membership=Membership.objects.get(club=club, user=second), actor=owner)
    services.membership_set_role(membership=Membership.objects.get(club=club, user=second), actor=owner,
                                 role=Membership.Role.MANAGER)
    target = User.objects.create_user("target", password="x-long-password-1")
    return club, [owner, second], target


@pytest.mark.parametrize("first, second", [
    ("approve", "approve"), ("approve", "refuse"), ("refuse", "refuse"),
])
def test_two_managers_answer_one_request_at_once(first: str, second: str) -> None:
    club, managers, target = _club_with_two_managers()
    services.membership_join(club=club, user=target)
    pending = Membership.objects.get(club=club, user=target)
    act = {"approve": services.membership_approve, "refuse": services.membership_refuse}
    plan = [act[first], act[second]]

    results = race(2, lambda i: plan[i](membership=pending, actor=managers[i]))

    done = [r for r in results if isinstance(r, Membership)]
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(done) == 1 and len(refused) == 1, results
    assert refused[0].code == "stale" and refused[0].message
    pending.refresh_from_db()
    assert pending.status == done[0].status
    assert AuditLog.objects.filter(club=club, target_user=target,
                                   action__in=["membership.approved", "membership.refused"]).count() == 1


@pytest.mark.parametrize("verb", ["ban", "unban"])
def test_two_managers_ban_or_unban_one_member_at_once(verb: str) -> None:
    club, managers, target = _club_with_two_managers(Club.JoinPolicy.OPEN)
    services.membership_join(club=club, user=target)
    row = Membership.objects.get(club=club, user=target)
    if verb == "unban":
        services.membership_ban(membership=row, actor=managers[0])
    service = services.membership_ban if verb == "ban" else services.membership_unban

    results = race(2, lambda i: service(membership=row, actor=managers[i]))

    assert sum(isinstance(r, Membership) for r in results) == 1, results
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(refused) == 1 and refused[0].code == "stale", results
    assert AuditLog.objects.filter(club=club, action=f"membership.{verb}ned").count() == 1
