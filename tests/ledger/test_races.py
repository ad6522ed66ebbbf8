"""Concurrency on PostgreSQL: real threads, each with its own connection, released together.

Every thread's work is bounded (barrier and join timeouts, a lock timeout on each connection), so a
deadlock or a lost wake-up fails the test instead of hanging CI.

``run_in_transaction`` retries a deadlocked transaction, so a posting that locked its accounts out of
order would still end well, only slower: each test also asserts that nothing had to be retried.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

import pytest
from django.db import connection

from club.models import Club
from ledger.errors import InsufficientChips
from ledger.models import Account, Journal
from ledger.services import account_treasury, account_wallet, journal_post, ledger_verify
from ledger.services.posting import retry_stats
from tests.ledger.conftest import new_table

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

THREADS = 8
TIMEOUT = 60


def run_threads(work: Callable[[int], object]) -> tuple[list[object], list[BaseException]]:
    barrier = threading.Barrier(THREADS, timeout=TIMEOUT)
    results: list[object] = [None] * THREADS
    errors: list[BaseException] = []

    def target(i: int) -> None:
        try:
            with connection.cursor() as cursor:
                cursor.execute("SET lock_timeout = '20s'")  # a stuck lock fails, it does not hang
            barrier.wait()
            results[i] = work(i)
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=target, args=(i,), daemon=True) for i in range(THREADS)]
    retry_stats.reset()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=TIMEOUT)
    assert not any(thread.is_alive() for thread in threads), "a posting thread did not finish"
    # Postings lock their accounts in id order, so they queue and never deadlock: a retry here (40P01
    # deadlock, 40001 serialization failure) means the ordering was lost and the retry hid it.
    assert retry_stats.snapshot() == {}, f"transactions were retried: {retry_stats.snapshot()}"
    return results, errors


def test_ring_transfers_over_overlapping_accounts(club: Club, member_factory, owner) -> None:
    treasury = account_treasury(club=club)
    wallets = [account_wallet(membership=member_factory()) for _ in range(8)]
    for i, wallet in enumerate(wallets):
        journal_post(
            club=club, kind="grant", lines=[(treasury, -40), (wallet, 40)], idempotency_key=f"fund{i}"
        )
    ids = [w.pk for w in wallets]

    def work(i: int) -> tuple[int, int]:
        rng = random.Random(i)
        posted = refused = 0
        for n in range(40):
            ring = rng.sample(ids, rng.randint(3, 5))
            amounts = [rng.randint(1, 25) for _ in ring]
            deltas = dict.fromkeys(ring, 0)
            for k, account_id in enumerate(ring):  # ring[k] pays amounts[k] to ring[k + 1]
                deltas[account_id] -= amounts[k]
                deltas[ring[(k + 1) % len(ring)]] += amounts[k]
            lines = [(a, d) for a, d in deltas.items() if d]
            rng.shuffle(lines)  # the service, not the caller, must order the locks
            if len(lines) < 2:
                continue
            try:
                journal_post(club=club, kind="adjustment", lines=lines, idempotency_key=f"ring:{i}:{n}")
                posted += 1
            except InsufficientChips:
                refused += 1
        return posted, refused

    results, errors = run_threads(work)
    assert errors == []
    posted = sum(r[0] for r in results)
    assert posted > THREADS * 10  # the test exercised real contention, not only refusals
    balances = list(Account.objects.filter(pk__in=ids).values_list("balance", flat=True))
    assert min(balances) >= 0
    assert sum(balances) == 40 * len(ids)
    assert Journal.objects.filter(idempotency_key__startswith="ring:").count() == posted
    assert ledger_verify()[0] == []


def test_same_key_from_eight_threads_posts_once(club: Club, member_factory) -> None:
    treasury = account_treasury(club=club)
    wallet = account_wallet(membership=member_factory())

    def work(i: int) -> int:
        return journal_post(
            club=club, kind="grant", lines=[(treasury, -7), (wallet, 7)], idempotency_key="raced"
        ).pk

    results, errors = run_threads(work)
    assert errors == []
    assert len(set(results)) == 1
    assert Journal.objects.filter(idempotency_key="raced").count() == 1
    assert Account.objects.get(pk=wallet.pk).balance == 7
    assert ledger_verify()[0] == []


def test_racing_buy_ins_never_overdraw_a_wallet(club: Club, member_factory) -> None:
    """Eight simultaneous buy-ins of 30 from a wallet of 100: exactly three succeed."""
    from ledger.services import table_buy_in

    member = member_factory()
    treasury = account_treasury(club=club)
    journal_post(
        club=club,
        kind="grant",
        lines=[(treasury, -100), (account_wallet(membership=member), 100)],
        idempotency_key="fund",
    )

    tables = [new_table(club) for _ in range(8)]

    def work(i: int) -> bool:
        try:
            table_buy_in(membership=member, table_id=tables[i], amount=30)
            return True
        except InsufficientChips:
            return False

    results, errors = run_threads(work)
    assert errors == []
    assert results.count(True) == 3
    assert Account.objects.get(kind="wallet", member=member).balance == 10
