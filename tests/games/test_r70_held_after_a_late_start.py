"""Review 70: after a start the clock missed (an outage), a reserved seat stays its holder's for the
no-show grace; another member who asked for it was told it "is reserved for another player until the
session starts", of a session that had started. He is told until when it is held."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import formats, timezone

from games.services import TableError, table_sit, tables_tick
from games.services.schedule import NO_SHOW_GRACE, seat_reserve

pytestmark = pytest.mark.django_db


def test_a_seat_held_in_the_grace_says_until_when(make_table, players):
    starts = timezone.now().replace(second=0, microsecond=0) + timedelta(minutes=10)
    table = make_table(starts_at=starts, ends_at=starts + timedelta(hours=2))
    tables_tick(timezone.now())
    seat_reserve(session_id=table.pk, user=players[0], position=2)
    late = starts + timedelta(minutes=3)
    tables_tick(late)  # started late: the holder's seat is his for the grace
    with pytest.raises(TableError) as refused:
        table_sit(session_id=table.pk, user=players[1], position=2, buy_in=200)
    assert refused.value.code == "seat_reserved"
    until = formats.date_format(timezone.localtime(late + NO_SHOW_GRACE), "DATETIME_FORMAT")
    assert "until the session starts" not in refused.value.message
    assert until in refused.value.message, refused.value.message


def test_before_the_start_it_is_said_as_before(make_table, players):
    starts = timezone.now().replace(second=0, microsecond=0) + timedelta(minutes=10)
    table = make_table(starts_at=starts, ends_at=starts + timedelta(hours=2))
    tables_tick(timezone.now())
    seat_reserve(session_id=table.pk, user=players[0], position=2)
    with pytest.raises(TableError) as refused:
        table_sit(session_id=table.pk, user=players[1], position=2, buy_in=200)
    assert refused.value.message == "That seat is reserved for another player until the session starts."
