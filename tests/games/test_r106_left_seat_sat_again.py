"""Review 106: the free seat says who left it and why (review of fa49083). A player who stood up and
sat down again at another seat of the same table is at the table: his old seat said "Gleb left the
table." beside his new one for two minutes, and a manager's stand-up "Dasha was stood up by a
manager." of a player sitting two seats away."""

from __future__ import annotations

import pytest
from django.test import Client

from games.services import table_leave, table_sit, table_stand_up

from .conftest import sit_all, start_deal
from .test_r70_away_two_deals_told import _finish

pytestmark = pytest.mark.django_db


def _page(user, table) -> str:
    client = Client()
    client.force_login(user)
    return client.get(f"/tables/{table.pk}/").content.decode()


def test_a_player_who_moved_to_another_seat_is_not_said_to_have_left(make_table, players):
    table = make_table(seats=5)
    sit_all(table, players)
    _finish(start_deal(table))
    table_leave(session_id=table.pk, user=players[1])
    assert "Gleb left the table." in _page(players[0], table)
    table_sit(session_id=table.pk, user=players[1], position=4, buy_in=200)
    page = _page(players[0], table)
    assert "Gleb left the table." not in page
    assert "seat-left-2" not in page
    assert "Seat 2 is free" in page


def test_a_player_stood_up_by_a_manager_who_sat_again_is_not_said_gone(make_table, players, owner):
    table = make_table(seats=5)
    sit_all(table, players)
    _finish(start_deal(table))
    table_stand_up(session_id=table.pk, actor=owner, position=2, reason="seat swap", seat_id=None)
    assert "Dasha was stood up by a manager." in _page(players[0], table)
    table_sit(session_id=table.pk, user=players[2], position=4, buy_in=200)
    assert "Dasha was stood up by a manager." not in _page(players[0], table)
