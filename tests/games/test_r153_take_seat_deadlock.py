"""Review 153: taking an away player's seat (review 148) stands him up and buys the taker in, in one
transaction: it locked the away player's wallet (his chips home), then the taker's (the buy-in).
Every other path that moves two players' chips locks their wallets in the ledger's order, so a table
both of them also sat at, cancelled at that moment, held the taker's wallet (the lower id) and waited
for the away player's, while the take held his and waited for the taker's: PostgreSQL failed one of
them with "deadlock detected" (a server error for the member who wanted to play, or the manager's
cancel). The take now locks both wallets at once, in the ledger's order. Made certain with a third
connection holding the away player's stack at the table, so the take holds his wallet and waits
there while the cancel takes the taker's wallet and waits for his."""

from __future__ import annotations

import threading
import time

import pytest
from django.core.management import call_command
from django.db import connection, transaction

from games.models import Seat, TableSession
from games.services import table_away, table_sit
from games.services.schedule import session_cancel
from ledger.models import Account

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _waiting() -> int:
    with connection.cursor() as cur:
        cur.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cur.fetchone()[0]


def _until(n: int) -> None:
    for _ in range(400):
        if _waiting() >= n:
            return
        time.sleep(0.025)
    raise AssertionError(f"{n} waiters never came")


def test_taking_a_seat_while_a_table_of_both_players_is_cancelled(make_table, players, owner, club):
    taker, gone, other = players[0], players[1], players[2]
    full = make_table(preset="classic", seats=2)
    table_sit(session_id=full.pk, user=gone, position=0, buy_in=200)
    table_sit(session_id=full.pk, user=other, position=1, buy_in=200)
    table_away(session_id=full.pk, user=gone)  # and no page of the table open
    both = make_table(preset="classic", seats=4)
    table_sit(session_id=both.pk, user=taker, position=0, buy_in=300)
    table_sit(session_id=both.pk, user=gone, position=1, buy_in=300)
    taker_wallet = Account.objects.get(member__user=taker, kind="wallet")
    gone_wallet = Account.objects.get(member__user=gone, kind="wallet")
    assert taker_wallet.pk < gone_wallet.pk
    gone_stack = Account.objects.get(member__user=gone, kind="stack", table_id=full.pk)
    held, release = threading.Event(), threading.Event()
    results: dict[str, object] = {}

    def blocker() -> None:
        with transaction.atomic():
            list(Account.objects.select_for_update().filter(pk=gone_stack.pk).values_list("pk"))
            held.set()
            release.wait(30)
        connection.close()

    def run(name: str, call) -> None:
        try:
            results[name] = call()
        except Exception as exc:  # the deadlock's OperationalError, or any refusal
            results[name] = repr(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=blocker)]
    threads[0].start()
    assert held.wait(10)
    take = threading.Thread(
        target=run,
        args=("take", lambda: table_sit(session_id=full.pk, user=taker, position=0, buy_in=200)),
    )
    take.start()
    threads.append(take)
    _until(1)
    cancel = threading.Thread(
        target=run, args=("cancel", lambda: session_cancel(session_id=both.pk, actor=owner))
    )
    cancel.start()
    threads.append(cancel)
    _until(2)
    release.set()
    for t in threads:
        t.join(60)
    assert all(not isinstance(r, str) for r in results.values()), results
    assert Seat.objects.get(session=full, position=0, left_at__isnull=True).member.user == taker
    assert TableSession.objects.get(pk=both.pk).status == TableSession.Status.CANCELLED
    assert Account.objects.get(pk=gone_wallet.pk).balance == 1000
    assert Account.objects.get(pk=taker_wallet.pk).balance == 800
    call_command("ledger_check")
