"""Hardening of the database rules: what raw SQL in a later transaction, an unprivileged role or a
re-pointed membership could do to the books, and what now stops or finds it."""

from __future__ import annotations

import uuid

import pytest
from django.db import DatabaseError, connection, transaction

from club.models import Club, Membership, User
from ledger.models import Account, Entry, Journal
from ledger.services import account_treasury, account_wallet, chips_grant, journal_post, ledger_verify

from .conftest import make_user
from .tamper import tamper

pytestmark = pytest.mark.django_db


# -- entries only in the transaction that created their journal ------------------------------------


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_balanced_pair_added_to_an_old_journal_is_refused(club: Club, owner, member_factory) -> None:
    """The attack: Gleb's 100 chips moved to Boris by a balanced pair slipped into a journal committed
    long ago (a grant to Vera), balances moved to match, so every sum and running balance still
    checks out. The journal records the transaction that wrote it; an entry for it from any other
    transaction is refused."""
    vera, gleb, boris = member_factory(), member_factory(), member_factory()
    old = chips_grant(membership=vera, amount=10, actor=owner, reason="long ago")
    chips_grant(membership=gleb, amount=100, actor=owner, reason="Gleb's")
    from_gleb, to_boris = account_wallet(membership=gleb), account_wallet(membership=boris)
    with pytest.raises(DatabaseError) as excinfo, transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE ledger_account SET balance = balance - 100 WHERE id = %s", [from_gleb.pk])
        cursor.execute("UPDATE ledger_account SET balance = balance + 100 WHERE id = %s", [to_boris.pk])
        cursor.execute(
            "INSERT INTO ledger_entry (journal_id, account_id, amount, balance_after)"
            " VALUES (%s, %s, -100, 0), (%s, %s, 100, 100)",
            [old.pk, from_gleb.pk, old.pk, to_boris.pk],
        )
    assert "transaction that created it" in str(excinfo.value)
    assert Entry.objects.filter(journal=old).count() == 2
    assert Account.objects.get(pk=from_gleb.pk).balance == 100
    assert ledger_verify()[0] == []


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_journal_records_its_transaction_whatever_the_client_says(club: Club, member_factory) -> None:
    treasury, wallet = account_treasury(club=club), account_wallet(membership=member_factory())
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO ledger_journal (club_id, kind, idempotency_key, memo, created_at, txid)"
            " VALUES (%s, 'adjustment', 'forged-txid', '', now(), 1) RETURNING id, txid",
            [club.pk],
        )
        journal_id, txid = cursor.fetchone()
        cursor.execute("SELECT txid_current()")
        assert txid == cursor.fetchone()[0] != 1
        cursor.execute(
            "INSERT INTO ledger_entry (journal_id, account_id, amount, balance_after)"
            " VALUES (%s, %s, -3, -3), (%s, %s, 3, 3)",
            [journal_id, treasury.pk, journal_id, wallet.pk],
        )
    posted = journal_post(
        club=club, kind="adjustment", lines=[(treasury, -1), (wallet, 1)], idempotency_key="p"
    )
    assert Journal.objects.get(pk=posted.pk).txid > Journal.objects.get(pk=journal_id).txid


# -- the TRUNCATE guard cannot be lifted by a plain SET ---------------------------------------------


@pytest.mark.postgres
@pytest.mark.parametrize("table", ["ledger_entry", "ledger_journal"])
def test_truncate_guard_is_not_lifted_by_a_role_that_does_not_own_the_table(table: str) -> None:
    """A role granted TRUNCATE (by mistake: the app role is not) sets the switch the test runner uses;
    the guard still refuses, since only the owner (who could drop the trigger anyway) may lift it.
    The role lives in this test's transaction only: rolled back with it. (The guard fires before
    anything is emptied, so empty tables show it as well as full ones.)"""
    role = f"ledger_hard_trunc_{uuid.uuid4().hex[:12]}"
    with connection.cursor() as cursor:
        cursor.execute(f'CREATE ROLE "{role}" NOLOGIN')
        cursor.execute(f'GRANT USAGE ON SCHEMA public TO "{role}"')
        # (every table: TRUNCATE ... CASCADE reaches the tables that point at journals too)
        cursor.execute(f'GRANT TRUNCATE ON ALL TABLES IN SCHEMA public TO "{role}"')
    with pytest.raises(DatabaseError) as excinfo, transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f'SET LOCAL ROLE "{role}"')
        cursor.execute("SET LOCAL ledger.allow_truncate = 'on'")
        cursor.execute(f"TRUNCATE {table} CASCADE")
    assert "TRUNCATE" in str(excinfo.value) and "append-only" in str(excinfo.value)


# -- each account keeps the member it was opened for -----------------------------------------------


def test_an_account_records_the_user_of_its_membership(club: Club, owner, member_factory) -> None:
    member = member_factory()
    chips_grant(membership=member, amount=5, actor=owner, reason="x")
    wallet = Account.objects.get(member=member)
    assert wallet.member_user_id == member.user_id
    assert Account.objects.get(kind="treasury", club=club).member_user_id is None


@pytest.mark.parametrize("change", ["user", "club"])
def test_a_membership_re_pointed_behind_the_ledger_is_found(
    club: Club, owner, member_factory, change: str
) -> None:
    """Vera's wallet hangs on her membership row; re-point the row to Boris (or to another club) and
    her chips would read as his. The account recorded whose they were; the check compares."""
    vera = member_factory()
    chips_grant(membership=vera, amount=300, actor=owner, reason="Vera's")
    wallet = Account.objects.get(member=vera)
    if change == "user":
        boris = make_user("boris")
        tamper("UPDATE club_membership SET user_id = %s WHERE id = %s", [boris.pk, vera.pk])
    else:
        other = Club.objects.create(name="Elsewhere", slug="elsewhere", created_by=owner)
        tamper("UPDATE club_membership SET club_id = %s WHERE id = %s", [other.pk, vera.pk])
    found = [d for d in ledger_verify()[0] if d["check"] == "account_member"]
    assert [d["account"] for d in found] == [wallet.pk]
    assert found[0]["recorded_user"] == vera.user_id


@pytest.mark.postgres
def test_a_membership_holding_accounts_keeps_its_user_and_club(club: Club, owner, member_factory) -> None:
    vera = member_factory()
    chips_grant(membership=vera, amount=3, actor=owner, reason="x")
    boris = make_user("boris")
    with pytest.raises(DatabaseError), transaction.atomic():
        Membership.objects.filter(pk=vera.pk).update(user=boris)
    Membership.objects.filter(pk=vera.pk).update(role=Membership.Role.MANAGER)  # other fields change
    plain = member_factory()  # a membership without ledger accounts is not the ledger's business
    Membership.objects.filter(pk=plain.pk).update(user=User.objects.create(username="someone"))


@pytest.mark.postgres
@pytest.mark.parametrize("field", ["member_user", "created_at"])
def test_an_account_changes_its_balance_only(club: Club, owner, member_factory, field: str) -> None:
    """Every column but the balance is fixed: the recorded user, and also the opening time."""
    from django.utils import timezone

    member = member_factory()
    chips_grant(membership=member, amount=3, actor=owner, reason="x")
    value = make_user() if field == "member_user" else timezone.now() - timezone.timedelta(days=400)
    with pytest.raises(DatabaseError) as excinfo, transaction.atomic():
        Account.objects.filter(member=member).update(**{field: value})
    assert "balance only" in str(excinfo.value)
    Account.objects.filter(member=member).update(balance=3)  # the balance itself may change
