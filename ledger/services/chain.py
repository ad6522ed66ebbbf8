"""A hash chain over the committed journals, sealed by reconciliation: edits of history are found.

Why: the database refuses to change a journal or an entry, but a superuser (or the owner role) can
switch the triggers off, change an old entry and move every later balance_after and balance to match.
No sum can see that: the books are consistent, only different. The chain can: once a journal is
sealed, changing it (or its entries, or the identity of an account it touches), deleting it, or
slipping in a journal dated inside the sealed part changes a hash that was recorded before.

How. Each ``Checkpoint`` covers the journals committed since the previous one and stores, for every
club, the head of that club's chain: ``head = sha256(head || canonical(journal))`` over the club's
journals in id order, starting from 64 zeros; and a checkpoint hash over all heads, linked to the
previous checkpoint's hash. ``ledger_check`` (nightly) recomputes every segment from the previous
checkpoint's stored heads and compares, then seals what has been committed since.

Why sealed by reconciliation and not in ``journal_post``. A chain written by each posting needs one
serialisation point per club (the previous head must be final before the next is computed): every
posting of a club would queue on one row lock, and a transaction that posts several journals (a deal's
moves) would hold it while locking further accounts, against the ordered locking that keeps postings
deadlock-free. ``ledger_bench`` posts from four processes into one club; that is exactly the load a
per-club lock turns into a queue. Sealing afterwards costs the hot path nothing. What it gives up: a
journal edited before its first seal (at most a day, with the nightly run; run ``ledger_check`` more
often to narrow it) is sealed as edited. The other rules cover that window: the triggers, and an
application role that cannot switch them off (docs/deploy-database.md).

Which journals a seal may cover. Ids are handed out when a posting starts, so a journal with a lower
id can commit after one with a higher id; a seal by id would skip it forever. On PostgreSQL each
journal records its transaction (``txid``, migration 0003); a seal covers the journals whose
transaction is below the snapshot's ``xmin``: every such transaction has ended, so that set can never
grow again. On SQLite (one writer at a time) the committed journals are always an id prefix. The
``xmin`` is the whole server's: a transaction left open anywhere on it (an idle session in another
database too) holds sealing back, never makes it wrong; a seal that falls an hour behind says so in
the log (WARNING).

What the chain cannot do on its own: someone who can rewrite the checkpoints too can recompute the
whole chain. Each seal therefore logs its hash (logger ``ledger.chain``, INFO); keep those lines
somewhere the database's users cannot edit, and a rewritten chain no longer matches them.
"""

from __future__ import annotations

import hashlib
import json
import logging
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from datetime import UTC, timedelta
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import Max, QuerySet
from django.db.models.functions import Coalesce
from django.utils import timezone

from ..models import Account, Checkpoint, Entry, Journal

logger = logging.getLogger("ledger.chain")

GENESIS = "0" * 64
_CHUNK = 2000
HELD_BACK = timedelta(hours=1)  # unsealed journals older than this: something holds sealing back


# What identifies an account in the chain (the columns that may never change). A column added to
# Account's identity belongs here too, but adding one changes the hash of every sealed journal: do it
# before the first seal in production, or every checkpoint will be reported.
ACCOUNT_IDENTITY = ("club_id", "kind", "member_id", "member_user_id", "table_id", "seat_id")


def _account_identities() -> dict[int, list[Any]]:
    return {
        pk: list(identity)
        for pk, *identity in Account.objects.values_list("pk", *ACCOUNT_IDENTITY).iterator(chunk_size=_CHUNK)
    }


def canonical(
    journal: dict[str, Any], entries: list[tuple[Any, ...]], accounts: dict[int, list[Any]]
) -> bytes:
    """The bytes a journal contributes to its club's chain: every field of the journal, then each entry
    (id order) with the identity of its account. JSON, fixed field order, UTC microseconds."""
    created_at = journal["created_at"]
    record = [
        journal["id"],
        journal["club_id"],
        journal["kind"],
        journal["idempotency_key"],
        journal["deal_id"],
        journal["actor_id"],
        journal["memo"],
        created_at.astimezone(UTC).isoformat(timespec="microseconds") if created_at else None,
        journal["reversal_of_id"],
        journal["txid"],
        [[*entry, *accounts.get(entry[1], [None] * len(ACCOUNT_IDENTITY))] for entry in entries],
    ]
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()


_JOURNAL_FIELDS = (
    "id", "club_id", "kind", "idempotency_key", "deal_id", "actor_id", "memo", "created_at", "reversal_of_id",
    "txid",
)  # fmt: skip


def _journals(qs: QuerySet[Journal]) -> Iterator[tuple[dict[str, Any], list[tuple[Any, ...]]]]:
    """The journals of ``qs`` in id order, each with its entries (id order): two streamed queries
    merged, so memory stays flat however long the books are."""
    journal_rows = qs.order_by("id").values(*_JOURNAL_FIELDS).iterator(chunk_size=_CHUNK)
    entry_rows = (
        Entry.objects.filter(journal__in=qs.values("id"))
        .order_by("journal_id", "id")
        .values_list("journal_id", "id", "account_id", "amount", "balance_after")
        .iterator(chunk_size=_CHUNK)
    )
    pending = next(entry_rows, None)
    for journal in journal_rows:
        entries = []
        while pending is not None and pending[0] <= journal["id"]:
            if pending[0] == journal["id"]:
                entries.append(pending[1:])
            pending = next(entry_rows, None)
        yield journal, entries


def _link(
    head: str, journal: dict[str, Any], entries: list[tuple[Any, ...]], accounts: dict[int, list[Any]]
) -> str:
    return hashlib.sha256(bytes.fromhex(head) + canonical(journal, entries, accounts)).hexdigest()


def _annotated() -> QuerySet[Journal]:
    # NULL txid: journals written before migration 0003 (and SQLite's). They belong to the first seal.
    return Journal.objects.annotate(tx=Coalesce("txid", 0))


def checkpoint_hash(
    *, prev_hash: str, heads: dict[str, str], txid_horizon: int | None, last_journal_id: int | None
) -> str:
    body = json.dumps(
        [prev_hash, txid_horizon, last_journal_id, sorted(heads.items())], separators=(",", ":")
    )
    return hashlib.sha256(body.encode()).hexdigest()


def chain_verify() -> list[dict[str, Any]]:
    """Recompute every sealed segment and compare with its checkpoint. Differences: ``chain`` (a club's
    sealed journals are not what was sealed) and ``checkpoint`` (a checkpoint row itself was altered
    or removed from the middle of the chain).

    One pass over the books, whatever the number of checkpoints: each journal is folded into the
    segment it belongs to (by transaction on PostgreSQL, by id on SQLite), starting from the heads
    the previous checkpoint stored, so an edit is reported at the one checkpoint that sealed it."""
    checkpoints = list(Checkpoint.objects.order_by("id"))
    if not checkpoints:
        return []
    differences: list[dict[str, Any]] = []
    prev_hash = GENESIS
    for checkpoint in checkpoints:
        expected = checkpoint_hash(
            prev_hash=prev_hash,
            heads=checkpoint.heads,
            txid_horizon=checkpoint.txid_horizon,
            last_journal_id=checkpoint.last_journal_id,
        )
        if checkpoint.prev_hash != prev_hash or checkpoint.hash != expected:
            differences.append({"check": "checkpoint", "checkpoint": checkpoint.pk, "club": None})
        prev_hash = checkpoint.hash

    by_txid = connection.vendor == "postgresql"
    if by_txid:  # segment k: previous horizon <= tx < horizon k
        bounds = [c.txid_horizon or 0 for c in checkpoints]
        qs = _annotated().filter(tx__lt=bounds[-1])
    else:  # segment k: previous last id < id <= last id k
        bounds = [c.last_journal_id or 0 for c in checkpoints]
        qs = Journal.objects.filter(id__lte=bounds[-1])
    accounts = _account_identities()
    touched: list[dict[str, str]] = [{} for _ in checkpoints]
    for journal, entries in _journals(qs):
        k = bisect_right(bounds, journal["txid"] or 0) if by_txid else bisect_left(bounds, journal["id"])
        club = str(journal["club_id"])
        head = touched[k].get(club) or (checkpoints[k - 1].heads.get(club, GENESIS) if k else GENESIS)
        touched[k][club] = _link(head, journal, entries, accounts)
    for k, checkpoint in enumerate(checkpoints):
        before = checkpoints[k - 1].heads if k else {}
        for club in sorted(set(before) | set(checkpoint.heads) | set(touched[k]), key=int):
            if touched[k].get(club, before.get(club)) != checkpoint.heads.get(club):
                differences.append(
                    {
                        "check": "chain",
                        "club": int(club),
                        "checkpoint": checkpoint.pk,
                        "sealed_at": checkpoint.sealed_at.isoformat(),
                    }
                )
    return differences


#: The oldest transaction still running that could write this database's journals, or the next
#: transaction id when none runs. Transaction ids are the server's, so the plain snapshot minimum also
#: waited for transactions of other databases on the same server (another site's, a test run's),
#: which write no journal here: those known to belong to another database are passed over. One whose
#: database cannot be read (another role's session, hidden without pg_read_all_stats) still counts.
#: ``backend_xid`` is the 32-bit form of a running transaction's id: two running ids never share it.
HORIZON_SQL = """
WITH snap AS (SELECT txid_current_snapshot() AS s),
elsewhere AS (
    SELECT backend_xid::text::bigint AS xid FROM pg_stat_activity
    WHERE backend_xid IS NOT NULL AND datname IS DISTINCT FROM current_database()
)
SELECT COALESCE(
    (SELECT min(t) FROM snap, txid_snapshot_xip(snap.s) AS t
     WHERE t % 4294967296 NOT IN (SELECT xid FROM elsewhere)),
    (SELECT txid_snapshot_xmax(s) FROM snap)
)
"""


def chain_seal() -> Checkpoint | None:
    """Seal the journals committed since the last checkpoint; None when there are none (or a racing
    run sealed them first)."""
    try:
        with transaction.atomic():
            previous = Checkpoint.objects.order_by("-id").first()
            if connection.vendor == "postgresql":
                with connection.cursor() as cursor:
                    # Every transaction below the oldest one still running has ended: the set of
                    # journals with a lower txid is final.
                    cursor.execute(HORIZON_SQL)
                    horizon: int | None = cursor.fetchone()[0]
                qs = _annotated().filter(tx__lt=horizon)
                if previous is not None:
                    qs = qs.filter(tx__gte=previous.txid_horizon)
                last_id = None
                if _annotated().filter(tx__gte=horizon, created_at__lt=timezone.now() - HELD_BACK).exists():
                    logger.warning(
                        "ledger chain: journals older than %s cannot be sealed yet: a transaction on the"
                        " database server has been open since before them (see pg_stat_activity)",
                        HELD_BACK,
                    )
            else:
                horizon = None
                last_id = Journal.objects.aggregate(m=Max("id"))["m"] or 0
                qs = Journal.objects.filter(id__lte=last_id)
                if previous is not None:
                    qs = qs.filter(id__gt=previous.last_journal_id or 0)
            heads = dict(previous.heads) if previous is not None else {}
            accounts = _account_identities()
            n_journals = n_entries = 0
            for journal, entries in _journals(qs):
                club = str(journal["club_id"])
                heads[club] = _link(heads.get(club, GENESIS), journal, entries, accounts)
                n_journals += 1
                n_entries += len(entries)
                if last_id is None or journal["id"] > last_id:
                    last_id = journal["id"]  # PostgreSQL: for the reader; the horizon bounds the seal
            if n_journals == 0:
                return None
            prev_hash = previous.hash if previous is not None else GENESIS
            checkpoint = Checkpoint.objects.create(
                sealed_at=timezone.now(),
                txid_horizon=horizon,
                last_journal_id=last_id,
                journals=n_journals,
                entries=n_entries,
                heads=heads,
                prev_hash=prev_hash,
                hash=checkpoint_hash(
                    prev_hash=prev_hash, heads=heads, txid_horizon=horizon, last_journal_id=last_id
                ),
            )
    except IntegrityError:  # another run sealed from the same checkpoint first (unique prev_hash)
        return None
    logger.info(
        "ledger checkpoint %s sealed %d journal(s), %d entries: hash %s",
        checkpoint.pk,
        n_journals,
        n_entries,
        checkpoint.hash,
    )
    return checkpoint


__all__ = ["ACCOUNT_IDENTITY", "GENESIS", "canonical", "chain_seal", "chain_verify", "checkpoint_hash"]
