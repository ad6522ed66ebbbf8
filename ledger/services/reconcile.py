"""Reconciliation: recompute every balance from the entries and compare with what is stored.

The books are consistent when, for every account, the stored balance equals the sum of its entries;
every entry's balance_after is the running sum of its account's amounts up to it (so the last one is
the balance); every member's account still belongs to the user and club it was opened for; the
journals sealed by earlier runs are still what was sealed (``chain``, ledger/services/chain.py);
every journal has at least two entries summing to zero; every club's balances sum to zero; and no
account but a treasury is below zero.

It also reports chips that are in the books but that nothing will ever move again: a hold whose last
movement belongs to a deal that is over (a hold is a stake in one deal, released or lost when it
ends), and a bank or a stack of a table whose session has closed (the close shares the bank out and
stands every seat up). Each is read in one statement, so a deal or a session finishing meanwhile
(its journals and its end are committed together) is seen either before or after, never half way.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from django.apps import apps
from django.db import connection, transaction
from django.db.models import Count, Exists, F, OuterRef, Q, Subquery, Sum, Value, Window
from django.db.models.functions import Coalesce
from django.utils import timezone

from club.models import Club
from club.services import audit_log_write

from ..models import Account, Entry, Journal, ReconciliationRun
from .chain import chain_seal, chain_verify

logger = logging.getLogger("ledger.reconcile")


def ledger_verify() -> tuple[list[dict[str, Any]], int, int]:
    """Every difference found, as JSON-ready dicts; plus the numbers of accounts and journals checked."""
    differences: list[dict[str, Any]] = []
    accounts = Account.objects.annotate(
        entry_sum=Coalesce(
            Subquery(
                Entry.objects.filter(account=OuterRef("pk"))
                .values("account")
                .annotate(s=Sum("amount"))
                .values("s")[:1]
            ),
            Value(0),
        ),
    )
    for account in accounts.filter(~Q(balance=F("entry_sum"))).values(
        "pk", "club_id", "kind", "balance", "entry_sum"
    ):
        differences.append(
            {
                "check": "account_balance",
                "account": account["pk"],
                "club": account["club_id"],
                "kind": account["kind"],
                "stored": account["balance"],
                "from_entries": account["entry_sum"],
            }
        )
    # Entries of one account are written under its row lock, so their ids follow the order in which
    # they moved the balance: each balance_after is the sum of the amounts up to it.
    running = Entry.objects.annotate(
        running_sum=Window(Sum("amount"), partition_by=[F("account_id")], order_by=F("id").asc())
    )
    for entry in (
        running.filter(~Q(balance_after=F("running_sum")))
        .order_by("id")
        .values("pk", "account_id", "journal_id", "journal__club_id", "balance_after", "running_sum")
    ):
        differences.append(
            {
                "check": "entry_balance_after",
                "entry": entry["pk"],
                "account": entry["account_id"],
                "journal": entry["journal_id"],
                "club": entry["journal__club_id"],
                "stored": entry["balance_after"],
                "running_sum": entry["running_sum"],
            }
        )
    for account in (
        Account.objects.filter(balance__lt=0)
        .exclude(kind=Account.Kind.TREASURY)
        .values("pk", "club_id", "balance")
    ):
        differences.append(
            {
                "check": "negative_balance",
                "account": account["pk"],
                "club": account["club_id"],
                "stored": account["balance"],
            }
        )
    # The membership row an account hangs on may not be re-pointed (a trigger says so on PostgreSQL);
    # should it be anyway, the chips must not silently change hands.
    for account in (
        Account.objects.filter(member__isnull=False)
        .exclude(member_user_id=F("member__user_id"), club_id=F("member__club_id"))
        .values("pk", "club_id", "kind", "member_id", "member_user_id", "member__user_id", "member__club_id")
    ):
        differences.append(
            {
                "check": "account_member",
                "account": account["pk"],
                "club": account["club_id"],
                "kind": account["kind"],
                "member": account["member_id"],
                "recorded_user": account["member_user_id"],
                "member_user_now": account["member__user_id"],
                "member_club_now": account["member__club_id"],
            }
        )
    for club in Account.objects.values("club_id").annotate(total=Sum("balance")).exclude(total=0):
        differences.append({"check": "club_total", "club": club["club_id"], "total": club["total"]})
    for journal in (
        Journal.objects.annotate(total=Coalesce(Sum("entries__amount"), Value(0)), n=Count("entries"))
        .filter(~Q(total=0) | Q(n__lt=2))
        .values("pk", "club_id", "total", "n")
    ):
        differences.append(
            {
                "check": "journal_balance",
                "journal": journal["pk"],
                "club": journal["club_id"],
                "total": journal["total"],
                "entries": journal["n"],
            }
        )
    for entry in Entry.objects.exclude(account__club_id=F("journal__club_id")).values(
        "pk", "journal_id", "journal__club_id"
    ):
        differences.append(
            {
                "check": "entry_club",
                "entry": entry["pk"],
                "journal": entry["journal_id"],
                "club": entry["journal__club_id"],
            }
        )
    differences.extend(_stranded())
    differences.extend(chain_verify())
    return differences, Account.objects.count(), Journal.objects.count()


def _stranded() -> list[dict[str, Any]]:
    """Chips left in a hold after its deal ended, or in the bank of a closed table."""
    # By name: the ledger's models point at the games app's by name too, and games imports the ledger.
    deal_model = apps.get_model("games", "Deal")
    session_model = apps.get_model("games", "TableSession")
    found: list[dict[str, Any]] = []
    last_deal = Subquery(
        Entry.objects.filter(account=OuterRef("pk")).order_by("-id").values("journal__deal_id")[:1]
    )
    holds = (
        Account.objects.filter(kind=Account.Kind.HOLD)
        .exclude(balance=0)
        .annotate(last_deal=last_deal)
        .filter(Exists(deal_model.objects.filter(pk=OuterRef("last_deal"), finished_at__isnull=False)))
    )
    for account in holds.values("pk", "club_id", "table_id", "member_id", "seat_id", "balance", "last_deal"):
        found.append(
            {
                "check": "stranded_hold",
                "account": account["pk"],
                "club": account["club_id"],
                "table": account["table_id"],
                "member": account["member_id"],
                "seat": account["seat_id"],
                "deal": account["last_deal"],
                "stored": account["balance"],
            }
        )
    closed = session_model.objects.filter(
        pk=OuterRef("table_id"),
        status__in=[session_model.Status.FINISHED, session_model.Status.CANCELLED],
    )
    for account in (
        Account.objects.filter(kind=Account.Kind.BANK)
        .exclude(balance=0)
        .filter(Exists(closed))
        .values("pk", "club_id", "table_id", "balance")
    ):
        found.append(
            {
                "check": "stranded_bank",
                "account": account["pk"],
                "club": account["club_id"],
                "table": account["table_id"],
                "stored": account["balance"],
            }
        )
    # A stack lives as long as its seat, and a closed session stood every seat up: chips in a stack
    # there go nowhere again (review 101: they were not reported).
    for account in (
        Account.objects.filter(kind=Account.Kind.STACK)
        .exclude(balance=0)
        .filter(Exists(closed))
        .values("pk", "club_id", "table_id", "member_id", "seat_id", "balance")
    ):
        found.append(
            {
                "check": "stranded_stack",
                "account": account["pk"],
                "club": account["club_id"],
                "table": account["table_id"],
                "member": account["member_id"],
                "seat": account["seat_id"],
                "stored": account["balance"],
            }
        )
    return found


#: The PostgreSQL advisory lock one reconciliation run holds (for its connection) while it runs.
RECONCILE_LOCK = 0x6B68_7265_636E  # "khrecn"


@contextmanager
def _one_run_at_a_time() -> Iterator[None]:
    """Runs queue (PostgreSQL; a session lock, as a run is several transactions): two at once (a
    ticker in each server process at 03:17, an operator's ``ledger_check`` beside the night's run)
    each read the whole books, stored a run and told the clubs of the same differences twice."""
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_lock(%s)", [RECONCILE_LOCK])
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_unlock(%s)", [RECONCILE_LOCK])


def ledger_reconcile_run() -> ReconciliationRun:
    """Check the books, seal the journals committed since the last run into the hash chain, store the
    result, and on any difference log at ERROR and write an AuditLog row per club concerned. Asked
    while another run goes, it waits for that one and answers with it (nothing is read or told twice)."""
    asked_at = timezone.now()
    with _one_run_at_a_time():
        finished = ReconciliationRun.objects.filter(finished_at__gte=asked_at).order_by("-pk").first()
        if finished is not None:
            return finished  # ran while this one waited: the books as they were when it was asked
        return _run()


def _run() -> ReconciliationRun:
    started_at = timezone.now()
    differences, n_accounts, n_journals = ledger_verify()
    # Sealed whatever was found: a difference stays reported by every later run, and the sooner a
    # journal is sealed, the shorter the time in which it could be edited unseen.
    chain_seal()
    # Stored once the run is over: stored at its start, a run that failed or hit its time limit
    # stayed behind as "not consistent" with no difference, one more at each retry. Stored with the
    # log rows that tell the clubs of it, in one transaction: a worker killed or a connection lost
    # between them left a run nobody was told of, and the retry stored a second one.
    with transaction.atomic():
        run = _run_store(started_at, differences, n_accounts, n_journals)
    if differences:
        logger.error(
            "ledger reconciliation run %s found %d difference(s): %s",
            run.pk,
            len(differences),
            differences[:20],
        )
    return run


def _run_store(
    started_at: datetime, differences: list[dict[str, Any]], n_accounts: int, n_journals: int
) -> ReconciliationRun:
    run = ReconciliationRun.objects.create(
        started_at=started_at,
        finished_at=timezone.now(),
        ok=not differences,
        accounts_checked=n_accounts,
        journals_checked=n_journals,
        differences=differences,
    )
    if differences:
        by_club: dict[int | None, list[dict[str, Any]]] = {}
        for difference in differences:
            by_club.setdefault(difference.get("club"), []).append(difference)
        clubs = Club.objects.in_bulk([c for c in by_club if c is not None])
        for club_id, found in by_club.items():
            audit_log_write(
                action="ledger.reconcile_failed",
                actor=None,
                club=clubs.get(club_id),
                target=f"run {run.pk}",
                data={"run": run.pk, "differences": differences_kept(found)},
            )
    return run


#: Differences a club's log row keeps; the rest are counted in a last "more" row (one early tampered
#: entry can make thousands, each a row of the run's own record).
DIFFERENCES_KEPT = 100


def differences_kept(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``found`` as a club's log row keeps it: the first ``DIFFERENCES_KEPT``, and how many more."""
    if len(found) <= DIFFERENCES_KEPT:
        return found
    return [*found[:DIFFERENCES_KEPT], {"check": "more", "count": len(found) - DIFFERENCES_KEPT}]
