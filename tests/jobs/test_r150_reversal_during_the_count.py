"""Review 150: a deal's settlement moved back by a manager while the deal's own count ran.

The move back changes its players' counters at once when the deal is counted, and leaves an
uncounted deal to its count, which reads the ledger. Each looked at the other before it committed:
the count had read the deal's chips (no reversal yet), the move back found no count (not committed
yet), and the cheat's winnings stayed on the leaderboard until the night's recount. The two now
take the deal's row in turn: the later one sees what the earlier did. The counters must end as the
ledger says (computed from its entries, not from the stats code)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from games import stats
from games.models import Deal, PlayerStats, StatsCounted
from games.stats import stats_deal_count, stats_recompute
from games.stats_read import player_totals
from tests.games.test_reversal_holds import _own, _released, _reverse, _settled

from .conftest import IS_SQLITE, sit_all
from .test_review44_reversal_during_recount import _ledger_net

#: Seconds any step of the two transactions may take before the test gives up.
PATIENCE = 30


def _waiting_for_a_lock(pid: int) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", [pid])
        row = cursor.fetchone()
    return row is not None and row[0] == "Lock"


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_settlement_moved_back_while_its_deal_is_counted_is_in_the_stats(
    make_table, players, owner, monkeypatch
):
    assert not IS_SQLITE
    table = make_table()
    sit_all(table, players, buy_in=500)
    settle = _settled(table, players)
    vera = _released(settle)
    other = next(u for u in players if u != vera.user)
    assert _own(settle, vera) > 0
    # Every deal counted but the settled one, which is counted below, as the manager moves it back.
    PlayerStats.objects.all().delete()
    StatsCounted.objects.all().delete()
    others = Deal.objects.filter(finished_at__isnull=False).exclude(pk=settle.deal_id)
    for pk in others.values_list("pk", flat=True):
        assert stats_deal_count(deal_id=pk)

    read, go = threading.Event(), threading.Event()
    manager_pid: list[int] = []
    manager_done = threading.Event()
    failures: list[BaseException] = []
    real_counters = stats.deal_counters

    def counters_then_wait(deal):
        out = real_counters(deal)
        read.set()  # the count has read the deal's chips, and has not committed
        assert go.wait(PATIENCE)
        return out

    def count() -> None:
        try:
            assert stats_deal_count(deal_id=settle.deal_id)
        except BaseException as exc:  # said by the main thread
            failures.append(exc)
            read.set()
        finally:
            connection.close()

    def manager() -> None:
        try:
            connection.ensure_connection()
            manager_pid.append(connection.connection.info.backend_pid)
            _reverse(settle, other, owner)
        except BaseException as exc:
            failures.append(exc)
        finally:
            manager_done.set()
            connection.close()

    monkeypatch.setattr(stats, "deal_counters", counters_then_wait)
    counting = threading.Thread(target=count)
    counting.start()
    assert read.wait(PATIENCE)
    moving = threading.Thread(target=manager)
    moving.start()
    # The manager's move back commits (the old code) or waits for the count (now): either way the
    # count goes on only then, as when the two meet.
    for _ in range(PATIENCE * 20):
        if manager_done.wait(0.05) or (manager_pid and _waiting_for_a_lock(manager_pid[0])):
            break
    go.set()
    counting.join(PATIENCE)
    moving.join(PATIENCE)
    monkeypatch.undo()
    assert not failures, failures
    assert not counting.is_alive() and not moving.is_alive()

    want = _ledger_net(vera)
    assert player_totals(membership=vera).net == want
    assert stats_recompute(fix=False)["differences"] == 0
