"""A player who asks to leave during a deal he plays in leaves when it ends; pressing "Leave" again
(or a script posting it in a loop, by plain form or socket) changed nothing, yet each press sent the
whole table to everyone watching it, each socket rendering it again. Only a press that changes
something sends the table now."""

from __future__ import annotations

import pytest

from games import broadcast
from games.models import Seat
from games.services import TableError, table_leave

from .conftest import sit_all, start_deal

# Committed for real: under a test's transaction every update of a table joins the first one, still
# unsent, so none could be counted.
pytestmark = pytest.mark.django_db(transaction=True)


def test_leave_pressed_again_during_a_deal_sends_nothing(make_table, players, monkeypatch):
    table = make_table()
    sit_all(table, players[:3])
    start_deal(table)
    pushed: list[int] = []
    monkeypatch.setattr(broadcast, "table_push_soon", lambda session_id, **_kw: pushed.append(session_id))
    assert table_leave(session_id=table.pk, user=players[0]) is False
    assert pushed == [table.pk]  # the table shows he leaves after the deal
    for _ in range(5):
        # Said as done ("You have already asked to leave"), changing nothing.
        with pytest.raises(TableError) as again:
            table_leave(session_id=table.pk, user=players[0])
        assert again.value.code == "leaving_already" and again.value.done
    assert pushed == [table.pk]
    assert Seat.objects.get(session=table, member__user=players[0], left_at__isnull=True).leave_after_deal


def test_leaving_between_deals_is_still_sent(make_table, players, monkeypatch):
    table = make_table()
    sit_all(table, players[:1])
    pushed: list[int] = []
    monkeypatch.setattr(broadcast, "table_push_soon", lambda session_id, **_kw: pushed.append(session_id))
    assert table_leave(session_id=table.pk, user=players[0]) is True
    assert pushed == [table.pk]
