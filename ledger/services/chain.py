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
grow again. On SQLite (one writer at a time) the committed journals are always an id prefix.

What the chain cannot do on its own: someone who can rewrite the checkpoints too can recompute the
whole chain. Each seal therefore logs its hash (logger ``ledger.chain``, INFO); keep those lines
somewhere the database's users cannot edit, and a rewritten chain no longer matches them.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Iterator
from datetime import UTC
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import Max, QuerySet
from django.db.models.functions import Coalesce
from django.utils import timezone

from ..models import Account, Checkpoint, Entry, Journal

logger = logging.getLogger("ledger.chain")

GENESIS = "0" * 64
_CHUNK = 2000


# What identifies an account in the chain (every column that may never change). A column added to
# Account that is part of its identity belongs here too; journals sealed before then keep hashing
# without it only if the checkpoints are re-sealed, so add it before the first seal in production.
ACCOUNT_IDENTITY = ("club_id", "kind", "member_id", "member_user_id", "table_id")


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


def _segment(checkpoint: Checkpoint | None, previous: Checkpoint | None) -> QuerySet[Journal]:
    """The journals ``checkpoint`` covers (after ``previous``); ``checkpoint=None``: all of them."""
    qs = Journal.objects.all()
    if connection.vendor == "postgresql":
        qs = qs.annotate(tx=Coalesce("txid", 0))
        if previous is not None:
            qs = qs.filter(tx__gte=previous.txid_horizon)
        if checkpoint is not None:
            qs = qs.filter(tx__lt=checkpoint.txid_horizon)
    else:
        if previous is not None:
            qs = qs.filter(id__gt=previous.last_journal_id or 0)
        if checkpoint is not None:
            qs = qs.filter(id__lte=checkpoint.last_journal_id or 0)
    return qs


def _walk(
    journals: QuerySet[Journal], heads: dict[str, str], accounts: dict[int, list[Any]]
) -> tuple[dict[str, str], int, int, int | None]:
    """Fold the journals into the clubs' heads; returns (new heads, journals, entries, last id)."""
    heads = dict(heads)
    n_journals = n_entries = 0
    last_id = None
    journal_rows = journals.order_by("id").values(*_JOURNAL_FIELDS).iterator(chunk_size=_CHUNK)
    entry_rows: Iterator[tuple[Any, ...]] = (
        Entry.objects.filter(journal__in=journals.values("id"))
        .order_by("journal_id", "id")
        .values_list("journal_id", "id", "account_id", "amount", "balance_after")
        .iterator(chunk_size=_CHUNK)
    )
    pending = next(entry_rows, None)
    for journal in journal_rows:
        while pending is not None and pending[0] < journal["id"]:  # entries of a journal not in view
            pending = next(entry_rows, None)
        entries = []
        while pending is not None and pending[0] == journal["id"]:
            entries.append(pending[1:])
            pending = next(entry_rows, None)
        club = str(journal["club_id"])
        digest = hashlib.sha256(
            bytes.fromhex(heads.get(club, GENESIS)) + canonical(journal, entries, accounts)
        )
        heads[club] = digest.hexdigest()
        n_journals += 1
        n_entries += len(entries)
        last_id = journal["id"]
    return heads, n_journals, n_entries, last_id


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
    or removed from the middle of the chain)."""
    differences: list[dict[str, Any]] = []
    accounts = _account_identities()
    previous: Checkpoint | None = None
    for checkpoint in Checkpoint.objects.order_by("id"):
        prev_heads = previous.heads if previous is not None else {}
        prev_hash = previous.hash if previous is not None else GENESIS
        expected = checkpoint_hash(
            prev_hash=prev_hash,
            heads=checkpoint.heads,
            txid_horizon=checkpoint.txid_horizon,
            last_journal_id=checkpoint.last_journal_id,
        )
        if checkpoint.prev_hash != prev_hash or checkpoint.hash != expected:
            differences.append({"check": "checkpoint", "checkpoint": checkpoint.pk, "club": None})
        heads, _n, _e, _last = _walk(_segment(checkpoint, previous), prev_heads, accounts)
        for club in sorted(set(heads) | set(checkpoint.heads), key=int):
            if heads.get(club) != checkpoint.heads.get(club):
                differences.append(
                    {
                        "check": "chain",
                        "club": int(club),
                        "checkpoint": checkpoint.pk,
                        "sealed_at": checkpoint.sealed_at.isoformat(),
                    }
                )
        previous = checkpoint
    return differences


def chain_seal() -> Checkpoint | None:
    """Seal the journals committed since the last checkpoint; None when there are none (or a racing
    run sealed them first)."""
    try:
        with transaction.atomic():
            previous = Checkpoint.objects.order_by("-id").first()
            if connection.vendor == "postgresql":
                with connection.cursor() as cursor:
                    cursor.execute("SELECT txid_snapshot_xmin(txid_current_snapshot())")
                    horizon: int | None = cursor.fetchone()[0]
                last_id = None
            else:
                horizon = None
                last_id = Journal.objects.aggregate(m=Max("id"))["m"]
            pending = Checkpoint(txid_horizon=horizon, last_journal_id=last_id)
            segment = _segment(pending, previous)
            if not segment.exists():
                return None
            heads, n_journals, n_entries, last = _walk(
                segment, previous.heads if previous is not None else {}, _account_identities()
            )
            prev_hash = previous.hash if previous is not None else GENESIS
            checkpoint = Checkpoint.objects.create(
                sealed_at=timezone.now(),
                txid_horizon=horizon,
                last_journal_id=last_id if last_id is not None else last,
                journals=n_journals,
                entries=n_entries,
                heads=heads,
                prev_hash=prev_hash,
                hash=checkpoint_hash(
                    prev_hash=prev_hash,
                    heads=heads,
                    txid_horizon=horizon,
                    last_journal_id=last_id if last_id is not None else last,
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
