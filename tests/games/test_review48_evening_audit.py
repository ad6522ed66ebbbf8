"""An auditor's evening: deals of two presets, a stand-up, a reversal from a report, a revoke, a member
who left; then every figure a manager or a member reads is recomputed from the journals by raw SQL."""

from __future__ import annotations

import csv
import io
import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.models import Membership, User
from club.services import membership_leave
from games.models import Deal, Report
from games.services import table_leave, tables_tick
from games.services.reports import report_create, report_resolve
from ledger.models import Account, Journal
from ledger.services import chips_revoke
from ledger.services.reconcile import ledger_verify

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db(transaction=True)
BACKEND = "django.contrib.auth.backends.ModelBackend"


def login(user: User) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user, backend=BACKEND)
    return client


def sql(query: str, *args) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(query, args)
        return cursor.fetchall()


def test_the_evenings_books_reconcile(club, owner, players, make_table) -> None:
    classic = make_table("classic")
    sit_all(classic, players)
    deal = play_deal_as_people(start_deal(classic), players)
    for n in range(2):
        tables_tick(timezone.now() + timedelta(minutes=n + 1))
        running = Deal.objects.filter(session=classic, finished_at__isnull=True).first()
        if running:
            deal = play_deal_as_people(running, players)
    settle = Journal.objects.filter(deal=deal).exclude(kind=Journal.Kind.ANTE).order_by("-id").first()
    report = report_create(deal_id=deal.pk, user=players[0], reason="bug")
    report_resolve(
        report_id=report.pk, actor=owner, outcome=Report.Outcome.REVERSE, note="moved back", journal=settle
    )
    assert Journal.objects.filter(reversal_of=settle).exists()
    for user in players:
        table_leave(session_id=classic.pk, user=user)
    members = {u.pk: Membership.objects.get(club=club, user=u) for u in players}
    chips_revoke(membership=members[players[1].pk], amount=7, actor=owner, reason="late fee")
    membership_leave(club=club, user=players[3])

    # The club sums to zero, per journal and in total (raw SQL, not the selectors).
    assert sql("select coalesce(sum(balance),0) from ledger_account where club_id=%s", club.pk) == [(0,)]
    assert not sql(
        "select j.id from ledger_journal j join ledger_entry e on e.journal_id=j.id where j.club_id=%s"
        " group by j.id having sum(e.amount)<>0 or count(*)<2",
        club.pk,
    )
    differences, _a, _j = ledger_verify()
    assert differences == []
    by_kind = dict(
        sql("select kind, sum(balance) from ledger_account where club_id=%s group by kind", club.pk)
    )

    # Each member's wallet: stored = sum of entries; his page and CSV say the same, line by line.
    for user in players:
        member = members[user.pk]
        rows = sql(
            "select e.amount, e.balance_after from ledger_entry e join ledger_account a on a.id=e.account_id"
            " where a.member_id=%s and a.kind='wallet' order by e.id",
            member.pk,
        )
        total = sum(a for a, _b in rows)
        running = 0
        for amount, after in rows:
            running += amount
            assert after == running
        wallet = Account.objects.get(member=member, kind=Account.Kind.WALLET)
        assert wallet.balance == total
        if user == players[3]:
            continue  # left the club
        client = login(user)
        body = b"".join(client.get(reverse("ledger_statement_csv", args=[club.slug])).streaming_content)
        lines = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))[1:]
        assert [(int(r[3]), int(r[4])) for r in lines] == rows
        page = client.get(reverse("ledger_my_chips", args=[club.slug])).content.decode()
        assert str(total) in page

    # The admin's trial balance agrees per kind.
    page = login(owner).get(reverse("admin:ledger_trial_balance", args=[club.pk])).content.decode()
    for kind, total in by_kind.items():
        label = str(Account.Kind(kind).label)
        assert re.search(rf"{re.escape(label)}</t[dh]>\s*<td[^>]*>\s*{total}\b", page), (kind, total)

    # The table's books page: what came in minus what went out is what it holds.
    page = login(owner).get(reverse("table_ledger", args=[classic.pk]))
    assert page.status_code == 200
    held = sql("select coalesce(sum(balance),0) from ledger_account where table_id=%s", classic.pk)[0][0]
    came = sql(
        "select coalesce(sum(e.amount),0) from ledger_entry e join ledger_account a on a.id=e.account_id"
        " where a.table_id=%s and exists (select 1 from ledger_entry f"
        " join ledger_account b on b.id=f.account_id where f.journal_id=e.journal_id and b.table_id is null)",
        classic.pk,
    )[0][0]
    assert came == held
    assert Report.objects.filter(pk=report.pk).exists()


def test_a_deal_is_moved_back_after_its_winner_left_the_club(club, owner, players, make_table) -> None:
    table = make_table("classic")
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    settle = None
    for n in range(20):
        for journal in Journal.objects.filter(deal=deal, kind=Journal.Kind.SETTLE):
            nets = {}
            for member_id, amount in journal.entries.filter(account__member__isnull=False).values_list(
                "account__member_id", "amount"
            ):
                nets[member_id] = nets.get(member_id, 0) + amount
            if any(v > 0 for v in nets.values()):
                settle, winner_id = journal, max(nets, key=nets.get)
        if settle:
            break
        tables_tick(timezone.now() + timedelta(minutes=n + 1))
        deal = play_deal_as_people(Deal.objects.get(session=table, finished_at__isnull=True), players)
    assert settle is not None
    for user in players:
        table_leave(session_id=table.pk, user=user)
    tables_tick(timezone.now() + timedelta(minutes=30))
    winner = Membership.objects.get(pk=winner_id)
    membership_leave(club=club, user=winner.user)
    wallets = dict(
        Account.objects.filter(kind=Account.Kind.WALLET, club=club).values_list("member_id", "balance")
    )
    report = report_create(
        deal_id=settle.deal_id, user=players[0] if players[0] != winner.user else players[1], reason="bug"
    )
    report_resolve(
        report_id=report.pk, actor=owner, outcome=Report.Outcome.REVERSE, note="back", journal=settle
    )
    reversal = Journal.objects.get(reversal_of=settle)
    after = dict(
        Account.objects.filter(kind=Account.Kind.WALLET, club=club).values_list("member_id", "balance")
    )
    assert after[winner.pk] < wallets[winner.pk]
    # Back where they came from: the open table's bank (carried to its next deal) or the players.
    moved_back = sum(wallets.values()) - sum(after.values())
    bank = Account.objects.get(kind=Account.Kind.BANK, table_id=table.pk).balance
    assert moved_back == sum(
        reversal.entries.filter(account__kind=Account.Kind.BANK).values_list("amount", flat=True)
    )
    assert bank >= moved_back
    assert sum(reversal.entries.values_list("amount", flat=True)) == 0
    differences, _a, _j = ledger_verify()
    assert differences == []
    # The winner, gone from the club, still reads his statement: the reversal names what it moved back.
    response = login(winner.user).get(reverse("ledger_my_chips", args=[club.slug]))
    assert response.status_code == 200
    assert f"Reversal of journal #{settle.pk}: back" in response.content.decode()
