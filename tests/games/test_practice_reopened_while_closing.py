"""Opening a practice table while one's own is closing.

A member has one practice table at a time: asking for one gives back the one he has open. Leaving
it as the last person closes it, and a request for a practice table at that moment (a second tab, a
click on "Practice" right after "Leave") read it still open (the close had not committed) and handed
it back: he landed on a finished table. The open table is now locked as it is read, so the request
waits for the close and then opens a new one.
"""

from __future__ import annotations

import threading
import time

import pytest

from games.models import TableSession
from games.services import closing
from games.services.seating import table_leave
from games.services.sessions import practice_table_open
from tests.apart import run_apart

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_a_practice_table_asked_for_while_the_old_one_closes_is_a_new_one(club, players, monkeypatch):
    user = players[0]
    old = practice_table_open(club=club, user=user)
    closing_now = threading.Event()
    real_bank_close = closing.table_bank_close

    def bank_close(**kwargs):
        closing_now.set()  # the table is finished in this transaction, not yet committed
        time.sleep(0.5)
        return real_bank_close(**kwargs)

    monkeypatch.setattr(closing, "table_bank_close", bank_close)

    def reopen():
        assert closing_now.wait(5)
        return practice_table_open(club=club, user=user)

    results = run_apart(leave=lambda: table_leave(session_id=old.pk, user=user), open=reopen)
    assert results["leave"] is True, results
    opened = results["open"]
    assert isinstance(opened, TableSession), results
    old.refresh_from_db()
    assert old.status == TableSession.Status.FINISHED
    assert opened.pk != old.pk
    opened.refresh_from_db()
    assert opened.status == TableSession.Status.OPEN
    assert opened.seats.filter(member__user=user, status="sitting").exists()
