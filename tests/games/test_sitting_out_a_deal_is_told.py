"""A player who sat down while a deal was being played is not dealt into it: a move he sends (a
second tab's stale page, a script) was answered "You are not sitting at this table", which he is.
He is told he is not dealt in this deal, in his language."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.engine import Action
from games.services import TableError, table_act, table_sit

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db


def test_a_move_from_a_seat_not_dealt_in(make_table, players):
    table = make_table(seats=4)
    sit_all(table, players[:3])
    deal = start_deal(table)
    table_sit(session_id=table.pk, user=players[3], position=3, buy_in=200)
    with pytest.raises(TableError) as refused:
        table_act(
            session_id=table.pk, user=players[3], action=Action("pass"), expected_seq=0, expected_deal=deal.pk
        )
    assert refused.value.code == "not_in_deal"
    with translation.override("ru"):
        assert "не участвуете в этой сдаче" in str(refused.value.message)


def test_someone_with_no_seat_is_still_told_so(make_table, players):
    table = make_table(seats=4)
    sit_all(table, players[:3])
    deal = start_deal(table)
    with pytest.raises(TableError) as refused:
        table_act(
            session_id=table.pk, user=players[3], action=Action("pass"), expected_seq=0, expected_deal=deal.pk
        )
    assert refused.value.code == "not_seated"
