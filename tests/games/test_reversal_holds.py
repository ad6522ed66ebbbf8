"""Moving a deal's settlement back from a report (an outside review).

The plain mirror image of a settlement put the released stake back into the player's hold. A hold
is a stake in one deal: nothing releases it once the deal is over, so the chips stayed there, unseen,
after the player left, and ``ledger_check`` said the books were fine. Moving back now gives each
party what it had before, where its chips are now (the seat's stack, or the wallet once the seat is
left); what cannot be moved back cleanly is refused and changes nothing. (Reconciliation reporting
such chips: test_strands_reconcile.py.)
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from django.utils import timezone

from club.models import AuditLog, Membership, User
from games.models import Deal, Report, TableSession
from games.services import table_leave, tables_tick
from games.services.access import session_lock
from games.services.errors import TableError
from games.services.reports import report_create, report_resolve
from games.services.schedule import session_close
from ledger.models import Account, Entry, Journal
from ledger.services import account_bank, account_treasury, chips_revoke
from ledger.services.reconcile import ledger_verify

from .conftest import play_deal_as_people, sit_all, start_deal
from .races import race


def _won(journal: Journal) -> list[Membership]:
    """Members whose stake the settlement released to their stack and who won chips besides."""
    return [
        entry.account.member
        for entry in journal.entries.select_related("account__member__user").filter(
            account__kind=Account.Kind.HOLD, amount__lt=0
        )
        if _own(journal, entry.account.member) > 0
    ]


def _settled(table: TableSession, players: list[User], *, bank_paid: bool = False) -> Journal:
    """Play deals until one settles with a stake released to a winner's stack (most do); with
    ``bank_paid``, one that paid out of the bank."""
    deal = play_deal_as_people(start_deal(table), players)
    # Forty deals: a run of redeals (all passes) and no bank paid out came past twenty once.
    for n in range(40):
        for journal in Journal.objects.filter(deal=deal, kind=Journal.Kind.SETTLE):
            bank = sum(
                journal.entries.filter(account__kind=Account.Kind.BANK).values_list("amount", flat=True)
            )
            if _won(journal) and (bank < 0 or not bank_paid):
                return journal
        tables_tick(timezone.now() + timedelta(minutes=n + 1))
        running = Deal.objects.filter(session=table, finished_at__isnull=True).first()
        assert running is not None, f"no deal {n + 2}: the players ran out of chips?"
        deal = play_deal_as_people(running, players)
    raise AssertionError("no deal settled with a release")


def _released(journal: Journal) -> Membership:
    """A member whose stake the settlement released and who won chips (vera of the report)."""
    return _won(journal)[0]


def _own(journal: Journal, member: Membership) -> int:
    """What the journal gave ``member`` at the table (stack and hold together)."""
    return sum(journal.entries.filter(account__member=member).values_list("amount", flat=True))


def _balance(member: Membership, kind: str, table: TableSession | None = None) -> int:
    account = Account.objects.filter(member=member, kind=kind, table=table).first()
    return account.balance if account else 0


def _holds(table: TableSession) -> list[int]:
    return list(
        Account.objects.filter(table=table, kind=Account.Kind.HOLD)
        .exclude(balance=0)
        .values_list("pk", flat=True)
    )


def _reverse(journal: Journal, reporter: User, manager: User, note: str = "moved back") -> Report:
    report = report_create(deal_id=journal.deal_id, user=reporter, reason="bug")
    return report_resolve(report_id=report.pk, actor=manager, note=note, outcome="reverse", journal=journal)


@pytest.fixture
def settled(make_table, players) -> tuple[TableSession, Journal]:
    table = make_table()
    sit_all(table, players, buy_in=500)  # enough for many deals
    return table, _settled(table, players)


@pytest.mark.django_db
def test_a_settlement_moved_back_leaves_no_stake_in_a_hold(settled, players, owner):
    table, settle = settled
    vera = _released(settle)
    stack = _balance(vera, Account.Kind.STACK, table)
    bank = account_bank(club=table.club, table_id=table.pk).balance
    _reverse(settle, players[0], owner)
    reversal = Journal.objects.get(reversal_of=settle)
    assert _holds(table) == []
    # The release cancels out: vera gives back only what the deal won her, and the bank gets it.
    assert _balance(vera, Account.Kind.STACK, table) == stack - _own(settle, vera)
    bank_amount = settle.entries.filter(account__kind=Account.Kind.BANK).values_list("amount", flat=True)
    assert account_bank(club=table.club, table_id=table.pk).balance == bank - sum(bank_amount)
    assert not reversal.entries.filter(account__kind=Account.Kind.HOLD).exists()
    assert sum(reversal.entries.values_list("amount", flat=True)) == 0
    assert ledger_verify()[0] == []


@pytest.mark.django_db
def test_moved_back_after_the_player_left_it_comes_from_her_wallet(settled, players, owner):
    table, settle = settled
    vera = _released(settle)
    table_leave(session_id=table.pk, user=vera.user)
    wallet = _balance(vera, Account.Kind.WALLET)
    _reverse(settle, next(u for u in players if u != vera.user), owner)
    assert _holds(table) == []
    assert _balance(vera, Account.Kind.STACK, table) == 0
    assert _balance(vera, Account.Kind.WALLET) == wallet - _own(settle, vera)
    assert ledger_verify()[0] == []
    call_command("ledger_check")  # exit status 0


@pytest.mark.django_db
def test_moved_back_after_the_session_closed_the_bank_is_shared_out_again(make_table, players, owner):
    table = make_table()
    sit_all(table, players, buy_in=500)  # enough for many deals
    settle = _settled(table, players, bank_paid=True)
    with transaction.atomic():
        session_close(session=session_lock(table.pk), now=timezone.now())
    before = sum(
        Account.objects.filter(kind=Account.Kind.WALLET, member__club=table.club).values_list(
            "balance", flat=True
        )
    )
    treasury = account_treasury(club=table.club).balance
    _reverse(settle, players[0], owner)
    table_accounts = Account.objects.filter(table=table).exclude(balance=0)
    assert list(table_accounts) == []
    after = sum(
        Account.objects.filter(kind=Account.Kind.WALLET, member__club=table.club).values_list(
            "balance", flat=True
        )
    )
    assert after + account_treasury(club=table.club).balance == before + treasury
    assert ledger_verify()[0] == []


@pytest.mark.django_db
def test_a_journal_is_moved_back_once(settled, players, owner):
    _table, settle = settled
    _reverse(settle, players[0], owner)
    entries = Entry.objects.count()
    second = report_create(deal_id=settle.deal_id, user=players[1], reason="bug")
    with pytest.raises(TableError) as refused:
        report_resolve(report_id=second.pk, actor=owner, note="again", outcome="reverse", journal=settle)
    assert refused.value.code == "already_reversed"
    assert Entry.objects.count() == entries
    second.refresh_from_db()
    assert second.status == Report.Status.OPEN
    # ... nor is the move back moved back in turn.
    reversal = Journal.objects.get(reversal_of=settle)
    with pytest.raises(TableError) as refused:
        report_resolve(report_id=second.pk, actor=owner, note="again", outcome="reverse", journal=reversal)
    assert refused.value.code == "reverse_reversal"
    assert Entry.objects.count() == entries


@pytest.mark.django_db
def test_the_managers_page_says_it_was_moved_back_already(settled, players, owner):
    _table, settle = settled
    _reverse(settle, players[0], owner)
    second = report_create(deal_id=settle.deal_id, user=players[1], reason="bug")
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    page = client.post(
        f"/reports/{second.pk}/",
        {"note": "again", "outcome": "reverse", "journal": settle.pk},
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert page.status_code == 422
    assert "уже" in page.content.decode()


@pytest.mark.django_db
def test_a_stake_moved_back_alone_is_refused_as_changing_nothing(settled, players, owner):
    table, _settle = settled
    # Any deal of the table will do: an action that staked and settled at once is booked as one.
    stake = Journal.objects.filter(deal__session=table, kind=Journal.Kind.HOLD).first()
    assert stake is not None
    entries = Entry.objects.count()
    report = report_create(deal_id=stake.deal_id, user=players[0], reason="bug")
    with pytest.raises(TableError) as refused:
        report_resolve(report_id=report.pk, actor=owner, note="back", outcome="reverse", journal=stake)
    assert refused.value.code == "reverse_no_effect"
    assert Entry.objects.count() == entries and _holds(table) == []


@pytest.mark.django_db
def test_chips_already_spent_are_refused_and_nothing_changes(settled, players, owner, club):
    table, settle = settled
    vera = _released(settle)
    table_leave(session_id=table.pk, user=vera.user)
    club.four_eyes_above = 10**9
    club.save()
    chips_revoke(membership=vera, amount=_balance(vera, Account.Kind.WALLET), actor=owner, reason="gone")
    entries = Entry.objects.count()
    report = report_create(
        deal_id=settle.deal_id, user=next(u for u in players if u != vera.user), reason="bug"
    )
    with pytest.raises(TableError) as refused:
        report_resolve(report_id=report.pk, actor=owner, note="back", outcome="reverse", journal=settle)
    assert refused.value.code == "reverse_short"
    assert "wallet" in refused.value.message
    assert Entry.objects.count() == entries
    assert not AuditLog.objects.filter(action="chips.reversed").exists()


# Two managers at once, with real connections.


def _race(*calls: Callable[[], object]) -> list[object]:
    return race(*calls, answer=lambda _result: "ok", refusal=lambda exc: exc.code)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_managers_moving_the_same_settlement_back_at_once_move_it_once(
    settled, players, owner, club, make_user
):
    table, settle = settled
    # A manager who did not play the deal: one who did may not move his own chips back (reverse_own).
    anna = make_user("anna-manager")
    Membership.objects.create(club=club, user=anna, role=Membership.Role.MANAGER)
    reports = [report_create(deal_id=settle.deal_id, user=u, reason="bug") for u in players[:2]]
    results = _race(
        *(
            lambda report=report, manager=manager: report_resolve(
                report_id=report.pk, actor=manager, note="back", outcome="reverse", journal=settle
            )
            for report, manager in zip(reports, (owner, anna), strict=True)
        )
    )
    assert sorted(results) == ["already_reversed", "ok"]
    assert Journal.objects.filter(reversal_of=settle).count() == 1
    assert AuditLog.objects.filter(action="chips.reversed").count() == 1
    assert Report.objects.filter(pk__in=[r.pk for r in reports], status=Report.Status.RESOLVED).count() == 1
    assert _holds(table) == []
    assert ledger_verify()[0] == []


@pytest.mark.django_db
def test_chips_already_spent_name_whose_wallet_is_short(settled, players, owner, club):
    """Review 48: the refusal said "the wallet holds 0, 40 are needed" with several players' wallets
    in the journal: the manager could not tell whose. It names the member now."""
    table, settle = settled
    vera = _released(settle)
    table_leave(session_id=table.pk, user=vera.user)
    club.four_eyes_above = 10**9
    club.save()
    chips_revoke(membership=vera, amount=_balance(vera, Account.Kind.WALLET), actor=owner, reason="gone")
    report = report_create(
        deal_id=settle.deal_id, user=next(u for u in players if u != vera.user), reason="bug"
    )
    with pytest.raises(TableError) as refused:
        report_resolve(report_id=report.pk, actor=owner, note="back", outcome="reverse", journal=settle)
    assert refused.value.code == "reverse_short"
    assert f"(@{vera.user.username})" in refused.value.message
    others = [u for u in players if u != vera.user]
    assert not any(f"(@{u.username})" in refused.value.message for u in others)
