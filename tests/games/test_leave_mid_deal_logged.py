"""A player who pressed "Leave" during a deal stood up when it ended, and the club's log had no line
for it: a leave between deals is written there ("table.stood_up"), and a manager asking where a
player's seat went found nothing. It is written when the deal ends, once."""

from __future__ import annotations

import pytest

from club.models import AuditLog
from games.models import Seat
from games.services import table_leave

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def test_a_leave_during_a_deal_is_in_the_clubs_log_when_it_is_done(make_table, players):
    table = make_table(seats=3)
    sit_all(table, players[:3])
    deal = start_deal(table)
    assert table_leave(session_id=table.pk, user=players[1]) is False  # after this deal
    assert not AuditLog.objects.filter(action="table.stood_up", target_user=players[1]).exists()
    play_deal_as_people(deal, players[:3])
    assert Seat.objects.get(session=table, member__user=players[1]).status == Seat.Status.LEFT
    rows = AuditLog.objects.filter(action="table.stood_up", target_user=players[1], actor=players[1])
    assert rows.count() == 1 and rows.get().data["table"] == table.pk
    assert not AuditLog.objects.filter(action="table.stood_up", target_user=players[0]).exists()
