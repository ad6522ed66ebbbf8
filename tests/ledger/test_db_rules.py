"""The database itself refuses to break the ledger's rules (PostgreSQL triggers from migration 0002).

Each test goes around the service with raw SQL, as a buggy script or a careless psql session would.
"""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction

from club.models import Club
from ledger.models import Account, Entry, Journal
from ledger.services import account_treasury, account_wallet, journal_post

pytestmark = pytest.mark.postgres


@pytest.fixture
def posted(club: Club, member_factory) -> Journal:
    treasury = account_treasury(club=club)
    wallet = account_wallet(membership=member_factory())
    return journal_post(club=club, kind="grant", lines=[(treasury, -50), (wallet, 50)], idempotency_key="p")


def _refused(sql: str, params: list | None = None) -> str:
    with pytest.raises(DatabaseError) as excinfo, transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, params)
    return str(excinfo.value)


@pytest.mark.django_db
@pytest.mark.parametrize("table", ["ledger_entry", "ledger_journal"])
def test_update_is_refused(posted: Journal, table: str) -> None:
    column = "amount = amount" if table == "ledger_entry" else "memo = 'edited'"
    assert "append-only" in _refused(f"UPDATE {table} SET {column}")
    assert Journal.objects.get(pk=posted.pk).memo == ""


@pytest.mark.django_db
@pytest.mark.parametrize("table", ["ledger_entry", "ledger_journal"])
def test_delete_is_refused(posted: Journal, table: str) -> None:
    assert "append-only" in _refused(f"DELETE FROM {table}")
    assert Entry.objects.filter(journal=posted).count() == 2


@pytest.mark.django_db
def test_orm_delete_is_refused_too(posted: Journal) -> None:
    with pytest.raises(DatabaseError) as excinfo, transaction.atomic():
        Entry.objects.filter(journal=posted).delete()
    assert "append-only" in str(excinfo.value)  # the ledger's rule, not some other error
    assert Entry.objects.filter(journal=posted).count() == 2


@pytest.mark.django_db
@pytest.mark.parametrize("table", ["ledger_entry", "ledger_journal"])
def test_truncate_is_refused(posted: Journal, table: str) -> None:
    # pytest sessions lift the guard so Django can empty tables between tests (ledger/apps.py); put it
    # back for this transaction, as every other session has it.
    with pytest.raises(DatabaseError) as excinfo, transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL ledger.allow_truncate = 'off'")
        cursor.execute(f"TRUNCATE {table} CASCADE")
    assert "TRUNCATE" in str(excinfo.value)
    assert Entry.objects.filter(journal=posted).count() == 2


@pytest.mark.django_db
def test_account_identity_cannot_change(posted: Journal, club: Club) -> None:
    wallet = Account.objects.get(kind="wallet", club=club)
    assert "balance only" in _refused("UPDATE ledger_account SET table_id = 3 WHERE id = %s", [wallet.pk])


def _insert_journal(cursor, club_id: int, key: str) -> int:
    cursor.execute(
        "INSERT INTO ledger_journal (club_id, kind, idempotency_key, memo, created_at)"
        " VALUES (%s, 'adjustment', %s, '', now()) RETURNING id",
        [club_id, key],
    )
    return cursor.fetchone()[0]


@pytest.mark.django_db(transaction=True)
def test_unbalanced_journal_is_refused_at_commit(club: Club, member_factory) -> None:
    treasury = account_treasury(club=club)
    wallet = account_wallet(membership=member_factory())
    with pytest.raises(DatabaseError) as excinfo, transaction.atomic(), connection.cursor() as cursor:
        journal_id = _insert_journal(cursor, club.pk, "raw-unbalanced")
        cursor.execute(
            "INSERT INTO ledger_entry (journal_id, account_id, amount, balance_after)"
            " VALUES (%s, %s, -10, -10), (%s, %s, 9, 9)",
            [journal_id, treasury.pk, journal_id, wallet.pk],
        )
        # Each statement succeeded: the check is deferred to the commit.
    assert "not balanced" in str(excinfo.value)
    assert not Journal.objects.filter(idempotency_key="raw-unbalanced").exists()
    assert not Entry.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_journal_without_entries_is_refused_at_commit(club: Club) -> None:
    with pytest.raises(DatabaseError) as excinfo, transaction.atomic(), connection.cursor() as cursor:
        _insert_journal(cursor, club.pk, "raw-empty")
    assert "not balanced" in str(excinfo.value)
    assert not Journal.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_entry_added_to_an_old_journal_is_refused_at_commit(club: Club, member_factory) -> None:
    treasury = account_treasury(club=club)
    wallet = account_wallet(membership=member_factory())
    other = account_wallet(membership=member_factory())
    journal = journal_post(
        club=club, kind="grant", lines=[(treasury, -5), (wallet, 5)], idempotency_key="old"
    )
    # An account the journal does not hold yet: a second entry of the same account was refused by
    # the one-entry-per-account constraint, and the rule this test is about was never reached.
    with pytest.raises(DatabaseError) as excinfo, transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO ledger_entry (journal_id, account_id, amount, balance_after) VALUES (%s, %s, 1, 1)",
            [journal.pk, other.pk],
        )
    # Refused as a journal of another transaction (the balance check at the commit, which would
    # refuse it too, is not what this test is about).
    assert "written by another transaction" in str(excinfo.value)
    assert Entry.objects.filter(journal=journal).count() == 2


@pytest.mark.django_db(transaction=True)
def test_balanced_raw_journal_commits(club: Club, member_factory) -> None:
    """The trigger refuses what is wrong, not everything: a balanced raw journal goes through."""
    treasury = account_treasury(club=club)
    wallet = account_wallet(membership=member_factory())
    with transaction.atomic(), connection.cursor() as cursor:
        journal_id = _insert_journal(cursor, club.pk, "raw-ok")
        cursor.execute(
            "INSERT INTO ledger_entry (journal_id, account_id, amount, balance_after)"
            " VALUES (%s, %s, -10, -10), (%s, %s, 10, 10)",
            [journal_id, treasury.pk, journal_id, wallet.pk],
        )
    assert Entry.objects.filter(journal_id=journal_id).count() == 2
