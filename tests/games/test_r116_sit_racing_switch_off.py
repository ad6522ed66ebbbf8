"""A sit racing the site's operators switching the account off (review 116).

Switching an account off stands it up at every table (review 53), but it read his seats without
holding his memberships, and a sit does not look at the account: a sit that passed the login check a
moment before (its request already in, or its transaction not yet committed when the switch-off read
his seats) seated the switched-off account, its chips out of his wallet, where no stand-up would
come for it: its seat was played by default moves deal after deal.
"""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection
from django.utils import timezone

from club.models import User
from games.models import Seat, TableSession
from games.services import seating, table_sit
from games.services.errors import TableError
from ledger.models import Account

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _switch_off(user: User) -> None:
    fresh = User.objects.get(pk=user.pk)
    fresh.is_active = False
    fresh.save()


def _seated(user: User, table: TableSession) -> bool:
    return Seat.objects.filter(session=table, member__user=user).exclude(status=Seat.Status.LEFT).exists()


def _wallet(user: User) -> int:
    return Account.objects.get(kind=Account.Kind.WALLET, member__user=user).balance


def test_a_sit_sent_just_before_the_switch_off_does_not_seat_the_account(make_table, players):
    table = make_table()
    user = players[0]  # as the request's login check read him: still switched on
    _switch_off(user)
    with pytest.raises(TableError) as refused:
        table_sit(session_id=table.pk, user=user, position=0, buy_in=300)
    assert refused.value.code == "not_member"
    assert not _seated(user, table)
    assert _wallet(user) == 1000


def test_a_sit_committing_while_the_account_is_switched_off_is_stood_up(make_table, players, monkeypatch):
    table = make_table()
    user = players[0]
    seat_written = threading.Event()
    real_write = seating.audit_log_write

    def slow_write(**kwargs):
        # The seat and its buy-in are written, not yet committed: the switch-off runs now.
        real_write(**kwargs)
        seat_written.set()
        time.sleep(0.7)

    monkeypatch.setattr(seating, "audit_log_write", slow_write)
    outcome: list[object] = []

    def sit() -> None:
        try:
            outcome.append(table_sit(session_id=table.pk, user=user, position=0, buy_in=300))
        except Exception as exc:  # the asserts below say what came of it
            outcome.append(exc)
        finally:
            connection.close()

    thread = threading.Thread(target=sit)
    thread.start()
    assert seat_written.wait(10)
    _switch_off(user)
    thread.join(20)
    assert len(outcome) == 1 and isinstance(outcome[0], Seat), outcome
    assert not _seated(user, table)
    assert _wallet(user) == 1000
