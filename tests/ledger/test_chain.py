"""The hash chain over committed journals: an edit of sealed history is found by ``ledger_check``, even
one made with the triggers switched off and every balance moved to match (which no sum can see).

On PostgreSQL a seal covers only transactions below the oldest one still open that may write this
database (other databases' on the same server are passed over), and the test database is shared
with the suite's own threads and servers: ``seal_until`` runs reconciliation again until what a
test needs is sealed, and assertions are about which journals are covered, not how many
checkpoints it took.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest
from django.core.management import CommandError, call_command
from django.db import connection, transaction

from club.models import AuditLog, Club
from ledger.models import Account, Checkpoint, Entry, Journal
from ledger.services import (
    account_treasury,
    account_wallet,
    chips_grant,
    journal_post,
    ledger_reconcile_run,
    ledger_verify,
)

from .conftest import make_user
from .tamper import tamper

# Committed for real: a seal covers only transactions that have ended, and a plain django_db test
# runs inside one transaction that never does.
pytestmark = pytest.mark.django_db(transaction=True)


def checks(differences: list[dict]) -> set[str]:
    return {d["check"] for d in differences}


def covered() -> int:
    return sum(Checkpoint.objects.values_list("journals", flat=True))


def seal_until(done: Callable[[], bool] = lambda: covered() == Journal.objects.count(), timeout=60) -> None:
    """Reconcile (which seals) until ``done()``; every run must find the books consistent."""
    deadline = time.monotonic() + timeout
    while True:
        run = ledger_reconcile_run()
        assert run.ok, run.differences
        if done():
            return
        assert time.monotonic() < deadline, "sealing was held back by a transaction left open"
        time.sleep(0.2)


def checkpoint_of(journal_id: int) -> Checkpoint:
    """The checkpoint whose segment holds the journal."""
    journal = Journal.objects.get(pk=journal_id)
    for checkpoint in Checkpoint.objects.order_by("id"):
        if checkpoint.txid_horizon is not None:
            if (journal.txid or 0) < checkpoint.txid_horizon:
                return checkpoint
        elif journal.pk <= (checkpoint.last_journal_id or 0):
            return checkpoint
    raise AssertionError(f"journal {journal_id} is not sealed")


@pytest.fixture
def sealed(club: Club, owner, member_factory) -> dict[str, int]:
    """Two grants (50 to Vera, 20 to Gleb) and a reconciliation run that sealed them."""
    vera, gleb = member_factory(), member_factory()
    first = chips_grant(membership=vera, amount=50, actor=owner, reason="Vera's")
    chips_grant(membership=gleb, amount=20, actor=owner, reason="Gleb's")
    seal_until()
    return {
        "journal": first.pk,
        "treasury": account_treasury(club=club).pk,
        "vera": account_wallet(membership=vera).pk,
        "gleb": account_wallet(membership=gleb).pk,
    }


def test_sealing_covers_every_committed_journal_once(club: Club, owner, member_factory, sealed) -> None:
    assert (covered(), sum(Checkpoint.objects.values_list("entries", flat=True))) == (2, 4)
    seals = Checkpoint.objects.count()
    assert ledger_reconcile_run().ok and Checkpoint.objects.count() == seals  # nothing new: no new seal
    chips_grant(membership=member_factory(), amount=5, actor=owner, reason="later")
    seal_until()
    assert covered() == 3
    chain = list(Checkpoint.objects.order_by("id"))
    assert [c.prev_hash for c in chain] == ["0" * 64] + [c.hash for c in chain[:-1]]
    assert ledger_verify()[0] == []


def test_an_old_grant_inflated_with_triggers_off_is_found(club: Club, sealed) -> None:
    """Vera's 50 become 500 in the sealed journal: amounts, balance_after of every later entry and
    the balances all changed to match, so balances, running sums, journal sums and the club total
    all check out. Only the chain sees it."""
    ids = sealed
    tamper(
        "UPDATE ledger_entry SET amount = amount * 10, balance_after = balance_after * 10"
        " WHERE journal_id = %s",
        [ids["journal"]],
    )
    tamper(
        "UPDATE ledger_entry SET balance_after = balance_after - 450"
        " WHERE account_id = %s AND journal_id > %s",
        [ids["treasury"], ids["journal"]],
    )
    tamper("UPDATE ledger_account SET balance = balance - 450 WHERE id = %s", [ids["treasury"]])
    tamper("UPDATE ledger_account SET balance = balance + 450 WHERE id = %s", [ids["vera"]])
    assert Account.objects.get(pk=ids["vera"]).balance == 500

    differences = ledger_verify()[0]
    assert checks(differences) == {"chain"}, differences
    assert [(d["club"], d["checkpoint"]) for d in differences] == [
        (club.pk, checkpoint_of(ids["journal"]).pk)
    ]
    with pytest.raises(CommandError) as excinfo:
        call_command("ledger_check")
    assert excinfo.value.returncode == 1
    assert AuditLog.objects.filter(action="ledger.reconcile_failed", club=club).exists()


@pytest.mark.parametrize(
    "edit",
    [
        "UPDATE ledger_journal SET memo = 'for nothing' WHERE id = {journal}",
        "UPDATE ledger_journal SET actor_id = NULL WHERE id = {journal}",
        "UPDATE ledger_journal SET txid = 12345 WHERE id = {journal}",
        "UPDATE ledger_account SET kind = 'stack', table_id = 99 WHERE id = {gleb}",
        "DELETE FROM ledger_journal WHERE id = 0",  # a no-op: the control
    ],
    ids=["memo", "actor", "txid", "account identity", "nothing"],
)
def test_other_edits_of_sealed_history_are_found(sealed, edit: str) -> None:
    tamper(edit.format(**sealed))
    found = checks(ledger_verify()[0])
    if "id = 0" in edit:
        assert found == set()
    else:
        assert "chain" in found


def test_a_sealed_journal_deleted_with_its_entries_is_found(club: Club, sealed) -> None:
    """Gleb's grant removed altogether and his balance and the treasury's put back: consistent books
    that never held the grant."""
    gleb_journal = Entry.objects.filter(account_id=sealed["gleb"]).values_list("journal_id", flat=True).get()
    tamper("DELETE FROM ledger_entry WHERE journal_id = %s", [gleb_journal])
    tamper("DELETE FROM ledger_journal WHERE id = %s", [gleb_journal])
    tamper("UPDATE ledger_account SET balance = 0 WHERE id = %s", [sealed["gleb"]])
    tamper("UPDATE ledger_account SET balance = -50 WHERE id = %s", [sealed["treasury"]])
    assert checks(ledger_verify()[0]) == {"chain"}


def test_a_forged_checkpoint_breaks_the_links(sealed) -> None:
    tamper("UPDATE ledger_checkpoint SET hash = %s", ["0" * 64])
    assert "checkpoint" in checks(ledger_verify()[0])


@pytest.mark.postgres
def test_checkpoints_are_append_only(sealed) -> None:
    from django.db import DatabaseError

    with pytest.raises(DatabaseError), transaction.atomic():
        Checkpoint.objects.update(hash="0" * 64)
    with pytest.raises(DatabaseError), transaction.atomic():
        Checkpoint.objects.all().delete()


@pytest.mark.postgres
def test_a_journal_still_in_flight_is_sealed_only_after_it_commits(club: Club, owner, member_factory) -> None:
    """A posting that started first but commits last (lower id, later commit) must not be skipped: the
    seal covers only transactions that have ended (below the oldest one still running)."""
    a, b, c, d = (account_wallet(membership=member_factory()) for _ in range(4))
    treasury = account_treasury(club=club)
    for n, wallet in enumerate((a, c)):
        journal_post(club=club, kind="grant", lines=[(treasury, -10), (wallet, 10)], idempotency_key=f"f{n}")
    posted, release = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def slow() -> None:
        try:
            with transaction.atomic():
                journal_post(club=club, kind="adjustment", lines=[(a, -1), (b, 1)], idempotency_key="slow")
                posted.set()
                assert release.wait(120)
        except BaseException as exc:  # reported below
            errors.append(exc)
            posted.set()
        finally:
            connection.close()

    thread = threading.Thread(target=slow, daemon=True)
    thread.start()
    assert posted.wait(30)
    quick = journal_post(club=club, kind="adjustment", lines=[(c, -2), (d, 2)], idempotency_key="quick")
    try:
        seal_until(lambda: covered() >= 2)  # the two grants, committed before "slow" began
    finally:
        release.set()
        thread.join(30)
    assert errors == []
    slow_journal = Journal.objects.get(idempotency_key="slow")
    assert slow_journal.pk < quick.pk  # the slow one had the lower id, and committed last
    assert covered() == 2  # "quick" has committed, but after "slow" began: not sealed while it ran
    seal_until()
    assert covered() == 4
    assert ledger_verify()[0] == []


@pytest.mark.postgres
def test_a_transaction_open_in_another_database_holds_no_seal_back(club: Club, owner, member_factory) -> None:
    """Transaction ids are the server's: a transaction left open in another database of the same
    server (another site's, another test run's) held every seal here back until it ended, and this
    file's tests timed out while a reviewer's tests ran beside them. It writes no journal here; one
    open in this database still holds the seal back (the test above)."""
    import psycopg

    settings = connection.settings_dict
    other = psycopg.connect(
        host=settings["HOST"] or None,
        port=settings["PORT"] or None,
        user=settings["USER"],
        password=settings["PASSWORD"] or None,
        dbname="postgres",
    )
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT txid_current()")  # holds a transaction id until it ends
            (held,) = cursor.fetchone()
        chips_grant(membership=member_factory(), amount=5, actor=owner, reason="after it began")
        assert Journal.objects.filter(txid__gt=held).exists()
        seal_until(timeout=20)
        assert covered() == Journal.objects.count()
    finally:
        other.rollback()
        other.close()


def test_an_edit_is_reported_at_the_checkpoint_that_sealed_it(club: Club, owner, member_factory) -> None:
    """Three seals; the middle one's journal is edited: only that checkpoint (and only that club)
    is reported, the ones before and after still verify."""
    other = Club.objects.create(name="Other", slug="other-chain", created_by=owner)
    from club.models import Membership

    Membership.objects.create(club=other, user=owner, role=Membership.Role.OWNER)
    journals = []
    for n in range(3):
        journals.append(chips_grant(membership=member_factory(), amount=10 + n, actor=owner, reason=f"r{n}"))
        chips_grant(
            membership=Membership.objects.create(club=other, user=make_user()),
            amount=5,
            actor=owner,
            reason="o",
        )
        seal_until()
    seals = [checkpoint_of(j.pk) for j in journals]
    assert len({s.pk for s in seals}) == 3
    tamper("UPDATE ledger_journal SET memo = 'rewritten' WHERE id = %s", [journals[1].pk])
    differences = ledger_verify()[0]
    assert [(d["check"], d["checkpoint"], d["club"]) for d in differences] == [
        ("chain", seals[1].pk, club.pk)
    ]
