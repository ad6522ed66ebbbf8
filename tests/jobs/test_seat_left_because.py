"""Why a seat was left is written on the seat when it is left (``Seat.left_because``), and "I'm back"
from a page left open reads it there. It was pieced together from the club's log: the inactivity
sweep's line for a table nobody attended names the seats it emptied by their names then, so a player
who renamed himself meanwhile was told only "You are not sitting at this table."."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from club.services import membership_leave
from games.jobs_inactivity import tables_idle_sweep
from games.models import Seat
from games.services import TableError, table_back, table_leave, table_sit, table_stand_up

from .conftest import sit_all, start_deal
from .test_inactivity import _finish

pytestmark = pytest.mark.django_db


def _last_seat(table, user) -> Seat:
    return Seat.objects.filter(session=table, member__user=user).order_by("-pk").first()


def _back_said(table, user) -> str:
    with pytest.raises(TableError) as refused:
        table_back(session_id=table.pk, user=user)
    return refused.value.message


def test_a_sweep_stand_up_is_told_after_a_rename(make_table, players):
    table = make_table(seats=3)
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)  # alone: no deal
    assert tables_idle_sweep(timezone.now() + timedelta(minutes=11)) == 1
    assert _last_seat(table, players[0]).left_because == Seat.LeftBecause.IDLE
    players[0].display_name = "Veronika"
    players[0].save(update_fields=["display_name"])
    said = _back_said(table, players[0])
    assert said.startswith("You were stood up after ten minutes without a sign of life"), said


def test_each_way_of_leaving_is_written_on_the_seat(make_table, players, owner, club):
    table = make_table(seats=4)
    sit_all(table, players)
    assert table_leave(session_id=table.pk, user=players[0]) is True
    assert table_stand_up(session_id=table.pk, actor=owner, position=1, reason="asleep") is True
    membership_leave(club=club, user=players[2])
    seats = {user.pk: _last_seat(table, user) for user in players[:3]}
    assert [seats[user.pk].left_because for user in players[:3]] == ["own", "manager", "club"]
    assert seats[players[1].pk].left_note == "asleep"
    assert "(asleep)" in _back_said(table, players[1])
    assert _back_said(table, players[0]) == "You are not sitting at this table."


def test_a_stand_up_decided_during_the_deal_keeps_its_reason_at_the_end(make_table, players, owner):
    table = make_table(seats=3)
    sit_all(table, players[:3])
    deal = start_deal(table)
    assert table_stand_up(session_id=table.pk, actor=owner, position=2, reason="slow") is False
    assert table_leave(session_id=table.pk, user=players[0]) is False
    _finish(deal, timezone.now())
    assert _last_seat(table, players[2]).left_because == Seat.LeftBecause.MANAGER
    assert _last_seat(table, players[0]).left_because == Seat.LeftBecause.OWN
    assert "(slow)" in _back_said(table, players[2])
