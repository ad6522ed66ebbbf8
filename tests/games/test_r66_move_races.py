"""Review 66 (held): a manager moves an open table's start past its seating time while a member sits
down at it, on two real PostgreSQL connections. Whichever takes the table's lock first, the table
never ends up waiting for a later start (seating closed) with a member sitting at it: either he sits
and the move is refused ("move_seated"), or the move is made and his sit is refused; his chips are
where his seat says."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from club.models import Membership
from games.models import Seat, TableSession
from games.services import TableError, tables_tick
from games.services.access import session_lock
from games.services.schedule import session_move
from games.services.seating import table_sit
from ledger.services import account_wallet, ledger_verify
from tests.apart import run_apart

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("first", ["sit", "move"])
def test_a_move_and_a_sit_at_once_never_seat_him_at_a_table_not_open(
    make_table, owner, players, club, first: str
) -> None:
    table = make_table(starts_at=(timezone.now() + timedelta(minutes=6)).replace(second=0, microsecond=0))
    tables_tick(timezone.now())
    assert TableSession.objects.get(pk=table.pk).status == TableSession.Status.OPEN
    member = Membership.objects.get(club=club, user=players[0])
    wallet = account_wallet(membership=member).balance
    later = timezone.now() + timedelta(hours=2)
    holding, go = threading.Event(), threading.Event()

    def hold(call):
        # The first side takes the table's lock and keeps it until the other has been started.
        def run():
            with transaction.atomic():
                session_lock(table.pk)
                holding.set()
                go.wait(10)
                return call()

        return run

    def second(call):
        def run():
            holding.wait(10)
            go.set()
            return call()

        return run

    def sit():
        return table_sit(session_id=table.pk, user=players[0], position=0, buy_in=150)

    def move():
        return session_move(session_id=table.pk, actor=owner, starts_at=later)

    calls = (
        {"sit": hold(sit), "move": second(move)}
        if first == "sit"
        else {"move": hold(move), "sit": second(sit)}
    )
    results = run_apart(**calls)
    table.refresh_from_db()
    seated = Seat.objects.filter(session=table, member=member).exclude(status=Seat.Status.LEFT).exists()
    if first == "sit":
        assert isinstance(results["sit"], Seat), results
        assert isinstance(results["move"], TableError) and results["move"].code == "move_seated", results
        assert seated and table.status == TableSession.Status.OPEN
        assert account_wallet(membership=member).balance == wallet - 150
    else:
        assert isinstance(results["move"], TableSession), results
        assert isinstance(results["sit"], TableError), results
        assert not seated and table.status == TableSession.Status.SCHEDULED
        assert table.starts_at == later.replace(second=0, microsecond=0)
        assert account_wallet(membership=member).balance == wallet
    assert ledger_verify()[0] == []
