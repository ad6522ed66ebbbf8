"""The chip operations: grant, revoke, buy-in, leave, the deal movements, event booking, bank close."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from club.errors import NotAllowed
from club.models import AuditLog, Club, Membership
from ledger.errors import InsufficientChips, LedgerError
from ledger.models import Account, Journal
from ledger.selectors import account_balance, club_total, deal_journals, wallet_balance
from ledger.services import (
    account_bank,
    account_hold,
    account_stack,
    account_treasury,
    bank_close,
    chips_grant,
    chips_revoke,
    deal_ante,
    deal_hold,
    deal_payout,
    deal_penalty,
    deal_release,
    table_buy_in,
    table_leave,
)

from .conftest import make_user, new_table

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class ChipsMoved:  # the engine's event shape, duck-typed
    kind: str
    src: str
    dst: str
    amount: int


@dataclass(frozen=True)
class Played:
    card: str


def test_grant_by_manager_moves_treasury_to_wallet_and_logs(club: Club, owner, member_factory) -> None:
    member = member_factory()
    journal = chips_grant(membership=member, amount=500, actor=owner, reason="welcome", idempotency_key="g1")
    assert journal.kind == "grant" and journal.actor_id == owner.pk
    assert wallet_balance(membership=member) == 500
    assert account_balance(account=account_treasury(club=club)) == -500
    log = AuditLog.objects.get(action="chips.granted")
    assert (log.actor, log.target_user, log.data["amount"], log.data["reason"]) == (
        owner,
        member.user,
        500,
        "welcome",
    )
    # The same form submitted twice: one journal, one log row.
    chips_grant(membership=member, amount=500, actor=owner, reason="welcome", idempotency_key="g1")
    assert wallet_balance(membership=member) == 500
    assert AuditLog.objects.filter(action="chips.granted").count() == 1


def test_grant_needs_a_manager_a_reason_and_a_positive_amount(club: Club, owner, member_factory) -> None:
    member, other = member_factory(), member_factory()
    with pytest.raises(NotAllowed):
        chips_grant(membership=member, amount=5, actor=other.user, reason="self-service")
    with pytest.raises(LedgerError):
        chips_grant(membership=member, amount=5, actor=owner, reason="  ")
    for bad in (0, -5, 2.5, "5"):
        with pytest.raises(LedgerError):
            chips_grant(membership=member, amount=bad, actor=owner, reason="x")
    banned = member_factory(status=Membership.Status.BANNED)
    with pytest.raises(NotAllowed):
        chips_grant(membership=banned, amount=5, actor=owner, reason="x")
    manager = member_factory(role=Membership.Role.MANAGER)
    chips_grant(membership=member, amount=5, actor=manager.user, reason="by a manager")
    assert not Journal.objects.exclude(actor=manager.user).exists()


def test_manager_of_another_club_cannot_grant(club: Club, owner, member_factory) -> None:
    other_owner = make_user()
    other = Club.objects.create(name="Elsewhere", slug="elsewhere", created_by=other_owner)
    Membership.objects.create(club=other, user=other_owner, role=Membership.Role.OWNER)
    with pytest.raises(NotAllowed):
        chips_grant(membership=member_factory(), amount=5, actor=other_owner, reason="x")


def test_revoke(club: Club, owner, member_factory) -> None:
    member = member_factory()
    chips_grant(membership=member, amount=100, actor=owner, reason="x")
    chips_revoke(membership=member, amount=60, actor=owner, reason="cheating")
    assert wallet_balance(membership=member) == 40
    with pytest.raises(InsufficientChips):
        chips_revoke(membership=member, amount=41, actor=owner, reason="more")
    assert AuditLog.objects.filter(action="chips.revoked").count() == 1
    assert club_total(club=club) == 0


def test_buy_in_and_leave(club: Club, owner, member_factory, table: int) -> None:
    member = member_factory()
    chips_grant(membership=member, amount=100, actor=owner, reason="x")
    table_buy_in(membership=member, table_id=table, amount=80)
    assert wallet_balance(membership=member) == 20
    assert account_balance(account=account_stack(membership=member, table_id=table)) == 80
    with pytest.raises(InsufficientChips):
        table_buy_in(membership=member, table_id=table, amount=21)
    table_leave(membership=member, table_id=table, amount=30)
    table_leave(membership=member, table_id=table)  # the rest
    assert wallet_balance(membership=member) == 100
    assert table_leave(membership=member, table_id=table) is None
    assert AuditLog.objects.filter(action="chips.bought_in").count() == 1
    assert AuditLog.objects.filter(action="chips.left_table").count() == 2


def _seated(owner, member_factory, n: int, table: int, chips: int = 100) -> list[Membership]:
    members = [member_factory() for _ in range(n)]
    for m in members:
        chips_grant(membership=m, amount=chips, actor=owner, reason="x")
        table_buy_in(membership=m, table_id=table, amount=chips)
    return members


def test_deal_movements_follow_rules_6_8(club: Club, owner, member_factory, table: int, deal: int) -> None:
    a, b = _seated(owner, member_factory, 2, table)
    deal_ante(membership=a, table_id=table, amount=10, idempotency_key="d1:a", deal=deal)
    deal_ante(membership=b, table_id=table, amount=10, idempotency_key="d1:b", deal=deal)
    deal_hold(membership=a, table_id=table, amount=40, idempotency_key="d1:h", deal=deal)
    deal_penalty(membership=a, table_id=table, amount=30, idempotency_key="d1:p", deal=deal)
    deal_release(membership=a, table_id=table, amount=10, idempotency_key="d1:r", deal=deal)
    deal_payout(membership=b, table_id=table, amount=50, idempotency_key="d1:o", deal=deal)
    bank = account_bank(club=club, table_id=table)
    assert account_balance(account=bank) == 0
    assert account_balance(account=account_stack(membership=a, table_id=table)) == 60
    assert account_balance(account=account_hold(membership=a, table_id=table)) == 0
    assert account_balance(account=account_stack(membership=b, table_id=table)) == 140
    assert [j.kind for j in deal_journals(deal=deal)] == [
        "ante",
        "ante",
        "hold",
        "penalty",
        "release",
        "payout",
    ]
    with pytest.raises(InsufficientChips):
        deal_payout(membership=b, table_id=table, amount=1, idempotency_key="d1:o2", deal=deal)


def test_bank_close_splits_evenly_and_remainder_goes_to_treasury(
    club: Club, owner, member_factory, table: int, deal: int
) -> None:
    players = _seated(owner, member_factory, 3, table)
    for i, m in enumerate(players):
        deal_ante(membership=m, table_id=table, amount=10 + (i == 0), idempotency_key=f"a{i}", deal=deal)
        table_leave(membership=m, table_id=table)
    treasury_before = account_balance(account=account_treasury(club=club))
    journal = bank_close(club=club, table_id=table, players=players)
    assert journal is not None and journal.kind == "bank_close"
    assert [wallet_balance(membership=m) for m in players] == [89 + 10, 90 + 10, 90 + 10]
    assert account_balance(account=account_treasury(club=club)) == treasury_before + 1
    assert account_balance(account=account_bank(club=club, table_id=table)) == 0
    assert bank_close(club=club, table_id=table, players=players) is None
    assert AuditLog.objects.filter(action="chips.bank_closed").count() == 1
    assert club_total(club=club) == 0


def test_no_code_outside_journal_post_writes_balances() -> None:
    """The rule "nothing else changes a balance", checked on the source: balance is written only in
    ledger/services/posting.py."""
    import pathlib
    import re

    root = pathlib.Path(__file__).resolve().parents[2]
    offenders = []
    for path in root.glob("*/**/*.py"):
        if ".venv" in path.parts or "tests" in path.parts or "migrations" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        if re.search(r"SET balance|\.balance\s*[+\-]?=[^=]|update\(balance=|\"balance\"\]\)", text):
            offenders.append(str(path.relative_to(root)))
    assert offenders == ["ledger/services/posting.py"]


def test_account_kinds_per_club(club: Club, member_factory) -> None:
    m = member_factory()
    assert account_treasury(club=club).pk == account_treasury(club=club).pk
    table = new_table(club)
    assert account_stack(membership=m, table_id=table).pk != account_hold(membership=m, table_id=table).pk
    assert Account.objects.filter(club=club).count() == 3
