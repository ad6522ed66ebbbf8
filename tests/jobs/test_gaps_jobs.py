"""Gaps of the background jobs: a scheduled session that ends with chips in the bank shares them out
in one ``bank_close`` journal, and ``manage.py jobs_bench`` runs at a tiny size."""

from __future__ import annotations

import json
from datetime import timedelta
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import timezone

from club.models import AuditLog, Membership
from games.engine import Action
from games.models import Deal, Seat, TableSession
from games.services import dealing, table_act, tables_tick
from games.services.seating import table_sit
from ledger.models import Account, Entry, Journal
from ledger.services import account_bank, account_treasury, account_wallet, ledger_verify


def _balance(account: Account) -> int:
    return Account.objects.get(pk=account.pk).balance


def test_a_session_that_ends_with_chips_in_the_bank_shares_them_out_in_a_bank_close_journal(
    make_table, players, club
):
    start = timezone.now().replace(microsecond=0) + timedelta(days=1)
    evening = make_table(starts_at=start, ends_at=start + timedelta(hours=2), min_players=4)
    tables_tick(start - timedelta(minutes=15))  # seating opens
    for position, user in enumerate(players):
        table_sit(session_id=evening.pk, user=user, position=position, buy_in=200)
    tables_tick(start)
    tables_tick(start)
    deal = Deal.objects.get(session=evening)
    bank = account_bank(club=club, table_id=evening.pk)
    treasury_before = _balance(account_treasury(club=club))
    assert _balance(bank) == 4 * 5  # everybody anted
    # The session's time is up while the deal runs; it ends after this deal. Everybody passes in
    # every round: a redeal, so the antes stay in the bank when the session closes.
    TableSession.objects.filter(pk=evening.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    users = {i: s.member.user for i, s in enumerate(dealing.deal_players(deal))}
    for _ in range(20):
        deal.refresh_from_db()
        if deal.is_over:
            break
        seat = dealing.deal_state(deal).queue[0]
        table_act(session_id=evening.pk, user=users[seat], action=Action("pass"), expected_seq=deal.seq)
    deal.refresh_from_db()
    assert deal.result == "redeal" and deal.outcome["bank"] == 20
    evening.refresh_from_db()
    assert evening.status == TableSession.Status.FINISHED
    assert Deal.objects.filter(session=evening).count() == 1  # no redeal after the end

    closing = Journal.objects.get(
        kind=Journal.Kind.BANK_CLOSE, idempotency_key__startswith=f"bank_close:table:{evening.pk}:"
    )
    lines = {entry.account_id: entry.amount for entry in Entry.objects.filter(journal=closing)}
    wallets = {account_wallet(membership=Membership.objects.get(club=club, user=u)).pk for u in players}
    assert lines == {bank.pk: -20, **{pk: 5 for pk in wallets}}  # a quarter each, nothing left over
    assert _balance(bank) == 0
    assert _balance(account_treasury(club=club)) == treasury_before
    for user in players:  # 800 in the wallet + 195 back from the stack + 5 of the bank
        assert _balance(account_wallet(membership=Membership.objects.get(club=club, user=user))) == 1000
    assert not Seat.objects.filter(session=evening).exclude(status=Seat.Status.LEFT).exists()
    audit = AuditLog.objects.get(action="chips.bank_closed", club=club)
    assert audit.data["total"] == 20 and audit.data["journal"] == closing.pk
    assert ledger_verify()[0] == []


def test_a_session_that_ends_with_an_empty_bank_posts_no_bank_close(make_table, players, club):
    start = timezone.now().replace(microsecond=0) + timedelta(days=1)
    evening = make_table(starts_at=start, ends_at=start + timedelta(hours=2), min_players=2)
    tables_tick(start - timedelta(minutes=15))
    table_sit(session_id=evening.pk, user=players[0], position=0, buy_in=200)
    tables_tick(start)
    tables_tick(start + timedelta(hours=2))
    evening.refresh_from_db()
    assert evening.status == TableSession.Status.FINISHED
    assert not Journal.objects.filter(kind=Journal.Kind.BANK_CLOSE).exists()


@pytest.mark.redis
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_jobs_bench_runs_at_a_tiny_size():
    if not settings.REDIS_URL:
        pytest.skip("needs REDIS_URL (CI sets it): jobs_bench drives a real Celery worker")
    out = StringIO()
    call_command(
        "jobs_bench", "--tables", "2", "--delays", "0.2", "--concurrency", "1", "--timeout", "90", stdout=out
    )
    report = json.loads(out.getvalue())
    assert report["tables"] == 2 and report["broker"] == "redis"
    throughput = report["throughput"]
    assert throughput["running_tables"] == 2 and throughput["all_deals_finished"] is True
    assert throughput["deadlines_expired"] > 0 and throughput["deadlines_per_second"] > 0
    [lag] = report["lag"]
    assert lag["delay_seconds"] == 0.2 and lag["all_deals_finished"] is True
    assert lag["moves"] > 0 and lag["lag_p50_ms"] is not None and lag["early_moves"] == 0
    assert report["books_consistent"] is True
