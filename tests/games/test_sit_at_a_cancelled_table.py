"""A sit at a table cancelled a moment ago (its page still open: a manager called it off, or nobody
came) was told "This table is not open for play.", read as if it would open later (stop 38's
left-out). It says the table was cancelled; a table that has finished still says it is not open."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone, translation

from games.models import TableSession
from games.services import TableError, table_sit
from games.services.schedule import session_cancel

pytestmark = pytest.mark.django_db


def _refusal(table: TableSession, user) -> TableError:
    with pytest.raises(TableError) as refused:
        table_sit(session_id=table.pk, user=user, position=0, buy_in=200)
    return refused.value


def test_a_sit_at_a_cancelled_table_says_it_was_cancelled(make_table, players, owner):
    table = make_table(starts_at=timezone.now() + timedelta(minutes=10))
    session_cancel(session_id=table.pk, actor=owner)
    refused = _refusal(table, players[0])
    assert refused.code == "table_closed"
    assert str(refused.message) == "This table was cancelled."
    with translation.override("ru"):
        assert "отмен" in str(_refusal(table, players[0]).message).lower()


def test_a_finished_table_still_says_it_is_not_open(make_table, players):
    table = make_table()
    TableSession.objects.filter(pk=table.pk).update(status=TableSession.Status.FINISHED)
    assert str(_refusal(table, players[0]).message) == "This table is not open for play."
