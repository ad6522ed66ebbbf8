"""An endless weekly table ends as next week's seats open, under next week's lock (this session's
change). A manager cancelling the endless week at that instant locks it, then the weeks after it
(the series stops); the opening held next week's lock and waited for the endless one's: the two
deadlocked, and PostgreSQL aborted one of them (review 145's doubt). The opening now takes the
endless week's lock first, as the cancel does."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games.models import TableSession
from games.services import schedule as schedule_module
from games.services import table_sit, tables_tick
from games.services.schedule import session_cancel, session_open

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

T0 = timezone.now().replace(microsecond=0) + timedelta(days=1)
NEXT_OPENS = T0 + timedelta(days=7) - timedelta(minutes=15)


def test_next_week_opening_beside_a_cancel_of_the_endless_week(make_table, players, owner, monkeypatch):
    assert connection.vendor == "postgresql"
    first = make_table(starts_at=T0, repeat_weekly=True, min_players=4)
    tables_tick(T0 - timedelta(minutes=15))
    table_sit(session_id=first.pk, user=players[0], position=0, buy_in=200)  # alone: no deal is dealt
    tables_tick(T0)
    following = TableSession.objects.get(series=first, starts_at=T0 + timedelta(days=7))

    stop = schedule_module._series_stop

    def slow_stop(session, **kwargs):  # the cancel holds the endless week's lock a moment longer
        time.sleep(0.6)
        return stop(session, **kwargs)

    monkeypatch.setattr(schedule_module, "_series_stop", slow_stop)
    errors: list[BaseException] = []

    def run(work) -> None:
        try:
            work()
        except BaseException as exc:  # a deadlock is an OperationalError
            errors.append(exc)
        finally:
            connection.close()

    cancel = threading.Thread(
        target=run, args=(lambda: session_cancel(session_id=first.pk, actor=owner, now=NEXT_OPENS),)
    )
    opening = threading.Thread(
        target=run, args=(lambda: session_open(session_id=following.pk, now=NEXT_OPENS),)
    )
    cancel.start()
    time.sleep(0.2)  # the cancel holds the endless week when next week's seats open
    opening.start()
    cancel.join(30)
    opening.join(30)
    assert not errors, errors
    first.refresh_from_db()
    following.refresh_from_db()
    assert first.status == TableSession.Status.CANCELLED
    assert following.status == TableSession.Status.CANCELLED  # the series stopped with it
