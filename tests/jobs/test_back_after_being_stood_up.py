""""I'm back" from a page left open after the seat was taken from him. Review 70 made the stand-up
after two deals away say so; a seat emptied by the inactivity sweep (a table nobody attended for ten
minutes, or an away player at a table that deals no more) and one a manager stood up still answered
the plain "You are not sitting at this table.", telling him neither why nor where his chips went.
Each now says why; a seat he left himself is still told plainly."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.jobs_inactivity import table_idle_stand_up
from games.services import table_back, table_leave, table_stand_up
from games.services.errors import TableError

from .conftest import sit_all

pytestmark = pytest.mark.django_db


def _back(table, user) -> str:
    with pytest.raises(TableError) as refused:
        table_back(session_id=table.pk, user=user)
    assert refused.value.code == "not_seated"
    return refused.value.message


def test_a_seat_emptied_by_the_inactivity_sweep_says_why(make_table, players):
    table = make_table(seats=4, min_players=3)  # two seated: no deal
    sit_all(table, players[:2])
    assert table_idle_stand_up(session_id=table.pk, now=timezone.now() + timedelta(minutes=10, seconds=1))
    said = _back(table, players[0])
    assert "ten minutes without a sign of life" in said and "back in your wallet" in said, said


def test_a_seat_a_manager_stood_up_says_so_and_why(make_table, players, owner):
    table = make_table(seats=4, min_players=3)
    sit_all(table, players[:2])
    assert table_stand_up(session_id=table.pk, actor=owner, position=0, reason="slow play")
    said = _back(table, players[0])
    assert "A manager stood you up" in said and "slow play" in said, said


def test_a_seat_he_left_himself_is_told_plainly(make_table, players, owner):
    table = make_table(seats=4, min_players=3)
    sit_all(table, players[:2])
    assert table_leave(session_id=table.pk, user=players[0])
    assert _back(table, players[0]) == "You are not sitting at this table."


def test_an_old_stand_up_does_not_speak_for_a_later_seat(make_table, players, owner):
    table = make_table(seats=4, min_players=3)
    sit_all(table, players[:2])
    assert table_stand_up(session_id=table.pk, actor=owner, position=0, reason="slow play")
    sit_all(table, players[:1])  # he sat down again, then left himself
    assert table_leave(session_id=table.pk, user=players[0])
    assert _back(table, players[0]) == "You are not sitting at this table."
