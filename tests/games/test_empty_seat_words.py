"""A manager who stands up an empty seat, or takes a bot from a seat without one, is told that, not
"You are not sitting at this table." (which is about him, and he never meant to sit) - outside
review."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.services import TableError, table_bot_remove, table_stand_up

from .conftest import sit_all

pytestmark = pytest.mark.django_db


def _refusal(call) -> TableError:
    with pytest.raises(TableError) as caught:
        call()
    return caught.value


def test_standing_up_an_empty_seat_says_nobody_plays_there(make_table, players, owner):
    # (A bot's seat is taken off: tests/games/test_leave_said.py.)
    table = make_table()
    sit_all(table, players[:2])
    for position in (3, 2):  # both empty
        error = _refusal(
            lambda p=position: table_stand_up(session_id=table.pk, actor=owner, position=p, reason="x")
        )
        assert error.code == "no_player_at"
        with translation.override("en"):
            assert str(error.message) == f"Nobody plays at seat {position + 1}."
        with translation.override("ru"):
            assert str(error.message) == f"На месте {position + 1} никто не играет."


def test_taking_a_bot_from_a_seat_without_one_says_so(make_table, players, owner):
    table = make_table()
    sit_all(table, players[:2])
    for position in (1, 3):  # a person; empty
        error = _refusal(lambda p=position: table_bot_remove(session_id=table.pk, actor=owner, position=p))
        assert error.code == "no_bot_at"
        with translation.override("bg"):
            assert str(error.message) == f"На място {position + 1} няма бот."
