"""A manager's Cancel of a table where deals were played is refused, and the refusal said "it closes at
its end time, or once nobody plays at it" whatever the table's case (review 108's left-out): of a
table nobody played at any more that waits for its end time (it does not close before), and "at its
end time" of a table that has none. The refusal now says the table's own case, in every language."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone, translation

from games.models import TableSession
from games.services import TableError, table_leave
from games.services.schedule import session_cancel

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def _refusal(table, owner) -> TableError:
    with pytest.raises(TableError) as refused:
        session_cancel(session_id=table.pk, actor=owner)
    assert refused.value.code == "cancel_played"
    table.refresh_from_db()
    assert table.status not in (TableSession.Status.CANCELLED, TableSession.Status.FINISHED)
    return refused.value


def test_a_table_with_an_end_to_come_says_it_closes_then(make_table, players, owner):
    ends = timezone.now() + timedelta(hours=3)
    table = make_table(ends_at=ends)
    sit_all(table, players)
    play_deal_as_people(start_deal(table), players)
    for player in players:
        table_leave(session_id=table.pk, user=player)
    said = _refusal(table, owner).message
    assert said.startswith(
        "Deals have been played at this table, so it cannot be cancelled: it closes at its end"
    )
    assert "nobody plays" not in said
    with translation.override("ru"):
        assert "он закроется в назначенное время, " in _refusal(table, owner).message


def test_a_table_without_an_end_says_it_can_be_closed_once_nobody_plays(make_table, players, owner):
    table = make_table()
    sit_all(table, players)
    play_deal_as_people(start_deal(table), players)
    said = _refusal(table, owner).message
    assert "while somebody plays at it: once nobody does, it can be closed." in said
    assert "end time" not in said
