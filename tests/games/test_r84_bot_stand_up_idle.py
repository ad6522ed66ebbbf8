"""A bot the inactivity sweep marked to leave after the deal (nobody seemed to attend the table) and
a manager then stood up from the admin's seat list: he read "This player already leaves the table
after the deal in play." and nothing was written, so the first player back at the table cancelled
the sweep's leave and the bot stayed, against the manager's word. Its "Remove bot" button, and the
stand-up of a player the sweep marked, both make the leave the manager's."""

from __future__ import annotations

import pytest

from games.models import Seat
from games.services import table_bot_add, table_stand_up
from games.services.seating import seat_idle_leave_cancel

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db


def test_a_bot_marked_by_the_sweep_and_stood_up_by_a_manager_leaves_for_good(make_table, players, owner):
    table = make_table(seats=3)
    sit_all(table, players[:2])
    table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=200)
    deal = start_deal(table)
    bot = Seat.objects.get(session=table, position=2)
    assert bot.pk in deal.players
    # The inactivity sweep's marks (games/jobs_inactivity.py, table_idle_stand_up), on the bot and a player.
    Seat.objects.filter(session=table, position__in=[0, 2]).update(leave_after_deal=True, idle_leave=True)

    assert table_stand_up(session_id=table.pk, actor=owner, position=2, reason="no bots tonight") is False

    bot.refresh_from_db()
    assert bot.leave_after_deal and not bot.idle_leave
    # The player comes back: the sweep's leave is cancelled, the manager's is not.
    seat_idle_leave_cancel(table, Seat.objects.get(session=table, position=0))
    bot.refresh_from_db()
    assert bot.leave_after_deal
