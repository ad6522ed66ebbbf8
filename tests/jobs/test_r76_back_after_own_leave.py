"""Review 76: "I'm back" from a page left open after he left the table himself. The inactivity sweep
had marked the seat to leave after the deal (a table nobody attended for ten minutes); he came back,
which cancelled that, then pressed "Leave" himself. His other tab's "I'm back" said he was stood up
"after ten minutes without a sign of life", read from the sweep's log line that still named him: a
leave of his own is told plainly, as between deals."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.jobs_inactivity import table_idle_stand_up
from games.services import table_back, table_leave
from games.services.errors import TableError

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def test_his_own_leave_after_the_sweeps_mark_was_cancelled_is_told_plainly(make_table, players):
    table = make_table(seats=3)
    sit_all(table, players[:3])
    deal = start_deal(table)
    assert table_idle_stand_up(session_id=table.pk, now=timezone.now() + timedelta(minutes=10, seconds=1))
    table_back(session_id=table.pk, user=players[0])  # back: the sweep's leave no longer holds
    assert table_leave(session_id=table.pk, user=players[0]) is False  # his own, after this deal
    play_deal_as_people(deal, players[:3])
    with pytest.raises(TableError) as refused:
        table_back(session_id=table.pk, user=players[0])  # the other tab, left open
    assert refused.value.message == "You are not sitting at this table.", refused.value.message
