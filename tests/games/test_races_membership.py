"""Races an outside review won against PostgreSQL, run again with real connections.

A sit racing a leave or a ban seated a member who was gone a moment later, with his chips, where no
stand-up would look for him; eight practice-table requests at once opened eight tables. The member's
own row is now locked before the table's (``games.services.access.membership_lock``).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.core.management import call_command

from club import services as club_services
from club.models import Membership, User
from games.models import Seat, TableSession
from games.services import table_sit
from games.services.sessions import practice_table_open
from ledger.services import chips_grant

from .races import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ROUNDS = 5


def _race(*calls: Callable[[], object]) -> list[object]:
    return race(*calls, refusal=lambda exc: exc.code)


def _newcomer(make_user, club, owner, n: int) -> User:
    user = make_user(f"racer{n}")
    club_services.membership_join(club=club, user=user)
    chips_grant(membership=Membership.objects.get(club=club, user=user), amount=1000, actor=owner, reason="r")
    return user


def _seated(user: User, table: TableSession) -> bool:
    return Seat.objects.filter(session=table, member__user=user).exclude(status=Seat.Status.LEFT).exists()


@pytest.mark.parametrize("how", ["leave", "ban"])
def test_a_sit_racing_a_leave_or_a_ban_never_leaves_a_gone_member_seated(
    make_table, make_user, club, owner, how
):
    table = make_table()
    for n in range(ROUNDS):
        user = _newcomer(make_user, club, owner, n)
        membership = Membership.objects.get(club=club, user=user)

        def gone(membership: Membership = membership, user: User = user) -> object:
            if how == "leave":
                return club_services.membership_leave(club=club, user=user)
            return club_services.membership_ban(membership=membership, actor=owner, reason="race")

        results = _race(
            lambda user=user, n=n: table_sit(session_id=table.pk, user=user, position=n % 4, buy_in=300), gone
        )
        assert not any(isinstance(r, str) and r.startswith(("Operational", "DatabaseError")) for r in results)
        membership.refresh_from_db()
        assert membership.status != Membership.Status.ACTIVE
        assert not _seated(user, table), f"round {n}: {results}"
    call_command("ledger_check")


def test_practice_tables_opened_at_once_are_one_table(club, owner, make_user):
    user = _newcomer(make_user, club, owner, 99)
    results = _race(*[lambda: practice_table_open(club=club, user=user) for _ in range(6)])
    tables = {r.pk for r in results if isinstance(r, TableSession)}
    assert len(tables) == 1, results
    assert TableSession.objects.filter(created_by=user, practice=True).count() == 1
    assert Seat.objects.filter(session_id__in=tables, member__user=user).count() == 1
