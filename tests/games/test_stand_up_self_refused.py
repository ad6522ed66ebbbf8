"""Review 111's left-out: a manager could stand himself up with a hand-made socket message (the page
never offers it). He was then marked "stood up", the clock played out his deal, his page said "A
manager stood you up" and the club's log read "Vera stood up Vera". It is refused, and he is pointed
to "Leave the table"; nothing is written."""

from __future__ import annotations

import pytest

from club.models import AuditLog, Membership
from games.models import Seat
from games.services import TableError, table_stand_up

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db
Role = Membership.Role


@pytest.mark.parametrize("mid_deal", [False, True])
def test_a_manager_cannot_stand_himself_up(make_table, players, club, mid_deal):
    manager = players[0]
    Membership.objects.filter(club=club, user=manager).update(role=Role.MANAGER)
    table = make_table(seats=4)
    sit_all(table, players)
    if mid_deal:
        start_deal(table)
    logged = AuditLog.objects.count()
    with pytest.raises(TableError) as refused:
        table_stand_up(session_id=table.pk, actor=manager, position=0, reason="testing")
    assert refused.value.code == "stand_up_self"
    assert "Leave the table" in refused.value.message, refused.value.message
    seat = Seat.objects.get(session=table, position=0, member__user=manager)
    assert seat.status != Seat.Status.LEFT
    assert not seat.leave_after_deal and not seat.removed
    assert AuditLog.objects.count() == logged
