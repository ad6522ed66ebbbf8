"""Two tables sending the same two players home at once, seated in opposite orders.

Calling a table off (a manager, or the clock when nobody came) stood its players up one journal
each, in seat order, and each journal held the player's wallet to the end: Vera's and then Gleb's
at one table, Gleb's and then Vera's at the other. Two such at one moment (a manager calling off
two tables from two tabs, two managers, the clock beside a manager) each held one wallet and waited
for the other's: PostgreSQL failed one ('deadlock detected', a server error, the table left as it
was). Such stand-ups now lock every wallet they send chips to, in the ledger's order, before the
first journal (``games.services.closing.home_accounts_first``), as a close with a bank already
did by taking the treasury first. A deal's end that stands several players up goes the same way.
"""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from club.models import Membership
from games.models import TableSession
from games.services import seating
from games.services.schedule import session_cancel
from ledger.selectors import wallet_balance
from tests.apart import run_apart

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_call_offs_with_the_same_players_in_opposite_seats(make_table, players, club, owner, monkeypatch):
    vera, gleb = players[0], players[1]
    first = make_table(starts_at=timezone.now() + timedelta(minutes=5))
    second = make_table(starts_at=timezone.now() + timedelta(minutes=5))
    for table, order in ((first, (vera, gleb)), (second, (gleb, vera))):
        for position, user in enumerate(order):
            seating.table_sit(session_id=table.pk, user=user, position=position, buy_in=150)
    members = [Membership.objects.get(club=club, user=u) for u in (vera, gleb)]
    before = [wallet_balance(membership=m) for m in members]

    # Each close, having sent its first player home (his wallet held from there), waits until the
    # other has too: on the old order both then wait for the wallet the other holds.
    first_home = {first.pk: threading.Event(), second.pk: threading.Event()}
    real_stand_up = seating.seat_stand_up

    def stand_up(**kwargs):
        real_stand_up(**kwargs)
        table_id = kwargs["seat"].session_id
        if not first_home[table_id].is_set():
            first_home[table_id].set()
            other = second.pk if table_id == first.pk else first.pk
            first_home[other].wait(2)

    monkeypatch.setattr(seating, "seat_stand_up", stand_up)
    results = run_apart(
        first=lambda: session_cancel(session_id=first.pk, actor=owner),
        second=lambda: session_cancel(session_id=second.pk, actor=owner),
    )
    assert not any(isinstance(r, Exception) for r in results.values()), results
    for table in (first, second):
        table.refresh_from_db()
        assert table.status == TableSession.Status.CANCELLED
    assert [wallet_balance(membership=m) for m in members] == [b + 300 for b in before]
    call_command("ledger_check")
