"""Review 91: two people whose display names read alike (``Vera``, and ``Vеra`` with a Cyrillic
``е``) join one club at the same moment.

Each join checks the club's people for a name like his own (``_require_own_name``), but the two
checks ran side by side, each before the other's membership was written, so both passed: the club
had two players its members could not tell apart, the very thing the check is for. Entering a club
now waits for any other entry into the same club, so the second reads the first.
"""

from __future__ import annotations

import pytest
from django.db import connection

from club import services
from club.errors import ServiceError
from club.models import Club, Membership, User

from .test_races import race

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL (CI runs it)"),
]


@pytest.mark.parametrize("policy", [Club.JoinPolicy.OPEN, Club.JoinPolicy.APPROVAL, Club.JoinPolicy.INVITE])
def test_two_look_alike_names_joining_at_once_let_in_one(policy: str) -> None:
    owner = User.objects.create_user("owner", password="x-long-password-1")
    club = services.club_create(user=owner, name="Racers", join_policy=policy)
    invite = services.invite_create(club=club, actor=owner, max_uses=10)
    people = [
        User.objects.create_user("vera1", password="x-long-password-1", display_name="Vera"),
        User.objects.create_user("vera2", password="x-long-password-1", display_name="V\u0435ra"),
    ]

    def join(i: int) -> Membership:
        if policy == Club.JoinPolicy.INVITE:
            return services.invite_accept(code=invite.code, user=people[i])
        return services.membership_join(club=club, user=people[i])

    results = race(2, join)

    entered = [r for r in results if isinstance(r, Membership)]
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(entered) == 1 and len(refused) == 1, results
    assert refused[0].code == "display_look_alike"
    assert Membership.objects.filter(club=club, user__in=people).count() == 1
