"""Review 60 (the money auditor): a player standing up while the clock plays the deal for him, on
two real PostgreSQL connections. Whatever order they come in, his chips come home whole once the deal
ends: nothing stays in his stack or hold, the books balance, and his net chips say what his wallet does."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.db.models import Sum
from django.utils import timezone

from club.models import Membership
from games.models import Deal, PlayerStats, Seat
from games.services.acting import turn_expire
from games.services.seating import table_leave
from games.stats import stats_deal_count
from ledger.models import Account
from ledger.services import account_wallet, ledger_verify

from .conftest import sit_all, start_deal

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("who", [0, 2])
def test_standing_up_while_the_clock_plays_the_deal(make_table, players, club, who: int) -> None:
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    leaver = players[who]
    errors: list[str] = []
    barrier = threading.Barrier(2)

    def clock() -> None:
        try:
            barrier.wait()
            for _ in range(500):
                # Each turn's time runs out: the deadline read is the clock's "now".
                finished, seq, deadline = (
                    Deal.objects.filter(pk=deal.pk).values_list("finished_at", "seq", "deadline").get()
                )
                if finished is not None:
                    return
                turn_expire(deal_id=deal.pk, seq=seq, now=deadline or timezone.now())
        except Exception as exc:  # an error of either side is an answer the asserts refuse
            errors.append(repr(exc))
        finally:
            connection.close()

    def leave() -> None:
        try:
            barrier.wait()
            table_leave(session_id=table.pk, user=leaver)
        except Exception as exc:
            errors.append(repr(exc))
        finally:
            connection.close()

    threads = [threading.Thread(target=clock), threading.Thread(target=leave)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert errors == []
    deal.refresh_from_db()
    assert deal.is_over
    member = Membership.objects.get(club=club, user=leaver)
    seat = Seat.objects.get(session=table, member=member)
    assert seat.status == Seat.Status.LEFT
    at_table = Account.objects.filter(member=member, table=table).aggregate(total=Sum("balance"))["total"]
    assert at_table == 0  # nothing left in his stack or hold
    assert ledger_verify()[0] == []
    stats_deal_count(deal_id=deal.pk)
    net = PlayerStats.objects.filter(member=member).aggregate(net=Sum("net"))["net"] or 0
    assert net == account_wallet(membership=member).balance - 1000
