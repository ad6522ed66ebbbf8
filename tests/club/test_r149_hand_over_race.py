"""Review 149: the club handed over twice at the same moment, by its owner and by the site's
operator (or by two operators), each to another manager. The second hand-over waited for the
owner's row, found it no longer the owner's when it came free (PostgreSQL reads a locked row again
and drops it when it no longer matches), and the club's new owner was not among the rows it had
read: it found no owner to step down and made a second one, which the one-owner index refused with
a server error (two of four runs here). It now says the club was handed over meanwhile, to whom."""

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


@pytest.mark.parametrize("attempt", range(4))
def test_the_owner_and_the_operator_hand_the_club_over_at_once(attempt: int) -> None:
    owner, one, two = (User.objects.create_user(name, password=PW) for name in ("owner", "one", "two"))
    operator = User.objects.create_user("operator", password=PW, is_staff=True, is_superuser=True)
    club = services.club_create(user=owner, name="Twice", join_policy=Club.JoinPolicy.OPEN)
    rows = []
    for user in (one, two):
        services.membership_join(club=club, user=user)
        row = Membership.objects.get(club=club, user=user)
        services.membership_set_role(membership=row, actor=owner, role=Membership.Role.MANAGER)
        rows.append(Membership.objects.get(pk=row.pk))
    calls = [
        lambda: services.club_hand_over(membership=rows[0], actor=owner),
        lambda: services.club_hand_over(membership=rows[1], actor=operator),
    ]

    results = race(2, lambda i: calls[i]())

    assert all(isinstance(r, Membership | ServiceError) for r in results), results
    done = [r for r in results if isinstance(r, Membership)]
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert all(r.code in ("stale", "forbidden") for r in refused), results
    # One after the other (the second began once the first had committed) both stand; at once, the
    # second is refused. Either way the club has one owner, the last one handed it.
    owners = list(Membership.objects.filter(club=club, role=Membership.Role.OWNER))
    assert len(owners) == 1 and owners[0].pk in {row.pk for row in done}, results
    assert AuditLog.objects.filter(club=club, action="club.handed_over").count() == len(done)
