"""journal_post and journal_reverse: validation, balances, idempotency, refusals that write nothing."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.utils import translation

from club.models import Club, Membership
from ledger.errors import InsufficientChips, LedgerError, UnbalancedJournal, WrongClub
from ledger.models import Account, Entry, Journal
from ledger.services import (
    account_bank,
    account_treasury,
    account_wallet,
    journal_post,
    journal_post_result,
    journal_reverse,
)

from .conftest import make_user, new_table

pytestmark = pytest.mark.django_db


def snapshot() -> tuple[list[tuple[int, int]], int, int]:
    return (
        list(Account.objects.order_by("pk").values_list("pk", "balance")),
        Journal.objects.count(),
        Entry.objects.count(),
    )


@pytest.fixture
def funded(club: Club, member_factory) -> tuple[Account, Account, Account]:
    treasury = account_treasury(club=club)
    a = account_wallet(membership=member_factory())
    b = account_wallet(membership=member_factory())
    journal_post(club=club, kind="grant", lines=[(treasury, -100), (a, 100)], idempotency_key="fund-a")
    return treasury, a, b


def test_post_moves_chips_and_records_balance_after(club: Club, funded) -> None:
    treasury, a, b = funded
    journal = journal_post(
        club=club, kind="adjustment", lines=[(a, -30), (b, 30)], idempotency_key="k1", memo="move"
    )
    a.refresh_from_db()
    b.refresh_from_db()
    treasury.refresh_from_db()
    assert (a.balance, b.balance, treasury.balance) == (70, 30, -100)
    entries = {e.account_id: (e.amount, e.balance_after) for e in journal.entries.all()}
    assert entries == {a.pk: (-30, 70), b.pk: (30, 30)}
    stored = Journal.objects.get(pk=journal.pk)
    assert (stored.kind, stored.memo, stored.club_id) == ("adjustment", "move", club.pk)


def test_account_ids_are_accepted_as_lines(club: Club, funded) -> None:
    _treasury, a, b = funded
    journal_post(club=club, kind="adjustment", lines=[(a.pk, -1), (b.pk, 1)], idempotency_key="ids")
    assert Account.objects.get(pk=b.pk).balance == 1


def test_repeated_key_returns_first_journal_and_posts_nothing(club: Club, funded) -> None:
    _treasury, a, b = funded
    first = journal_post_result(
        club=club, kind="adjustment", lines=[(a, -10), (b, 10)], idempotency_key="same"
    )
    before = snapshot()
    again = journal_post_result(
        club=club, kind="adjustment", lines=[(a, -10), (b, 10)], idempotency_key="same"
    )
    assert first.created and not again.created
    assert again.journal.pk == first.journal.pk
    assert snapshot() == before


def test_repeated_key_for_another_kind_is_refused(club: Club, funded) -> None:
    _treasury, a, b = funded
    journal_post(club=club, kind="adjustment", lines=[(a, -10), (b, 10)], idempotency_key="same")
    with pytest.raises(LedgerError):
        journal_post(club=club, kind="payout", lines=[(a, -10), (b, 10)], idempotency_key="same")


@pytest.mark.parametrize(
    ("lines", "error"),
    [
        ("one", UnbalancedJournal),
        ("unbalanced", UnbalancedJournal),
        ("zero", LedgerError),
        ("float", LedgerError),
        ("bool", LedgerError),
        ("duplicate", LedgerError),
        ("missing", LedgerError),
    ],
)
def test_invalid_requests_write_nothing(club: Club, funded, lines: str, error: type[Exception]) -> None:
    _treasury, a, b = funded
    cases = {
        "one": [(a, 0)],
        "unbalanced": [(a, -10), (b, 9)],
        "zero": [(a, 0), (b, 0)],
        "float": [(a, -1.5), (b, 1.5)],
        "bool": [(a, True), (b, -1)],
        "duplicate": [(a, -1), (a, 1)],
        "missing": [(a, -1), (999_999_999, 1)],
    }
    before = snapshot()
    with pytest.raises(error):
        journal_post(club=club, kind="adjustment", lines=cases[lines], idempotency_key=f"bad-{lines}")
    assert snapshot() == before


def test_unknown_kind_and_bad_key_are_refused(club: Club, funded) -> None:
    _treasury, a, b = funded
    with pytest.raises(LedgerError):
        journal_post(club=club, kind="gift", lines=[(a, -1), (b, 1)], idempotency_key="x")
    with pytest.raises(LedgerError):
        journal_post(club=club, kind="adjustment", lines=[(a, -1), (b, 1)], idempotency_key="")


def test_insufficient_chips_writes_nothing(club: Club, funded) -> None:
    _treasury, a, b = funded
    before = snapshot()
    with translation.override("en"), pytest.raises(InsufficientChips, match="holds 100, 101 are needed"):
        journal_post(club=club, kind="adjustment", lines=[(a, -101), (b, 101)], idempotency_key="big")
    assert snapshot() == before
    assert not Journal.objects.filter(idempotency_key="big").exists()


def test_treasury_may_go_negative_but_nothing_else(club: Club, funded) -> None:
    treasury, a, _b = funded
    journal_post(club=club, kind="grant", lines=[(treasury, -(10**12)), (a, 10**12)], idempotency_key="lots")
    assert Account.objects.get(pk=treasury.pk).balance == -(10**12) - 100


def test_wrong_club_is_refused(club: Club, funded, owner) -> None:
    _treasury, a, _b = funded
    other = Club.objects.create(name="Other", slug="other", created_by=owner)
    stranger = account_wallet(membership=Membership.objects.create(club=other, user=make_user()))
    before = snapshot()
    with pytest.raises(WrongClub):
        journal_post(club=club, kind="adjustment", lines=[(a, -1), (stranger, 1)], idempotency_key="w1")
    with pytest.raises(WrongClub):  # by id the service only learns the club from the locked row
        journal_post(club=club, kind="adjustment", lines=[(a.pk, -1), (stranger.pk, 1)], idempotency_key="w2")
    assert snapshot() == before


def test_reverse_posts_the_mirror_image_once(club: Club, funded, owner) -> None:
    _treasury, a, b = funded
    journal = journal_post(club=club, kind="adjustment", lines=[(a, -40), (b, 40)], idempotency_key="r")
    reversal = journal_reverse(journal, actor=owner, memo="oops")
    assert reversal.kind == "reversal" and reversal.reversal_of_id == journal.pk
    assert Account.objects.get(pk=a.pk).balance == 100
    assert Account.objects.get(pk=b.pk).balance == 0
    assert journal_reverse(journal, actor=owner).pk == reversal.pk
    assert Journal.objects.filter(reversal_of=journal).count() == 1
    from club.models import AuditLog

    assert AuditLog.objects.filter(action="chips.reversed").count() == 1


def test_reverse_refused_when_chips_were_spent(club: Club, funded, owner) -> None:
    treasury, a, b = funded
    journal = journal_post(club=club, kind="adjustment", lines=[(a, -40), (b, 40)], idempotency_key="r")
    journal_post(club=club, kind="revoke", lines=[(b, -40), (treasury, 40)], idempotency_key="spent")
    with pytest.raises(InsufficientChips):
        journal_reverse(journal, actor=owner)


def test_negative_balance_is_refused_by_the_check_constraint(club: Club, funded) -> None:
    """The CHECK holds on every database, whatever the Python code does."""
    _treasury, a, _b = funded
    with pytest.raises(IntegrityError), transaction.atomic():
        Account.objects.filter(pk=a.pk).update(balance=-1)
    treasury = account_treasury(club=club)
    Account.objects.filter(pk=treasury.pk).update(balance=-5)  # the treasury may


def test_account_shape_is_checked(club: Club, member_factory) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        Account.objects.create(club=club, kind="wallet")  # a wallet needs a member
    with pytest.raises(IntegrityError), transaction.atomic():
        Account.objects.create(club=club, kind="bank")  # a bank needs a table
    table = new_table(club)
    account_bank(club=club, table_id=table)
    with pytest.raises(IntegrityError), transaction.atomic():
        Account.objects.create(club=club, kind="bank", table_id=table)  # one bank per table
    with pytest.raises(IntegrityError), transaction.atomic():
        Account.objects.create(club=club, kind="treasury")  # account_bank made none, but:
        Account.objects.create(club=club, kind="treasury")  # one treasury per club
