"""``journal_post``: the only way chips move, and the accounts it moves them between.

Every posting is one transaction that (1) inserts the journal, claiming its idempotency key, (2) locks
the touched accounts in primary-key order, so two postings over overlapping accounts queue instead of
deadlocking, (3) checks the new balances and (4) updates them and writes the entries with the balance
after each. A repeated key returns the first journal and posts nothing, if the request is the same
one (same club, kind, accounts and amounts); a key reused for anything else is refused
(``IdempotencyConflict``). A refused posting writes nothing.

On PostgreSQL this runs as three statements through Django's cursor (the ORM version was too slow
for the required 400 eight-entry journals per second); other databases take the ORM path, which
applies the same checks.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from django.db import DataError, IntegrityError, OperationalError, connection, transaction
from django.db.models import Case, Value, When
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.models import Club, Membership, User

from ..errors import IdempotencyConflict, InsufficientChips, LedgerError, UnbalancedJournal, WrongClub
from ..models import Account, Entry, Journal

Kind = Journal.Kind
Line = tuple["Account | int", int]
T = TypeVar("T")

MAX_ATTEMPTS = 5
# Deadlock and serialization failure: the transaction was rolled back whole, so running it again is
# safe. (Ordered locking makes deadlocks between postings impossible; callers that hold other locks
# can still meet one.)
_RETRY_SQLSTATES = frozenset({"40P01", "40001"})

# A journal locks its accounts in one order everywhere: the club's treasury first, then by id. Tables
# that stand players up and send chips home lock the treasury before any wallet
# (games.services.closing.home_accounts_first); by id alone, a wallet opened before its club's treasury
# (opened with the first grant) would be locked before it, and a grant to that member would
# deadlock with such a close.
_TREASURY_FIRST = Case(When(kind=Account.Kind.TREASURY, then=Value(0)), default=Value(1))

MAX_AMOUNT = 10**15  # far from the bigint limit even after summing many lines
# A balance is a PostgreSQL bigint (SQLite: a 64-bit integer). Kept symmetric: -(2**63 - 1) is the
# lowest balance, so negating one never overflows.
BALANCE_LIMIT = 2**63 - 1


@dataclass(frozen=True, slots=True)
class PostResult:
    journal: Journal
    created: bool


class RetryStats:
    """How often ``run_in_transaction`` ran a transaction again, by cause ("40P01" deadlock, "40001"
    serialization failure, "locked" for SQLite), for this process. A retry hides a fault from the
    caller, so the tests read these counts: ordered locking means postings alone never deadlock."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: Counter[str] = Counter()

    def add(self, cause: str) -> None:
        with self._lock:
            self._counts[cause] += 1

    def snapshot(self) -> dict[str, int]:
        with self._lock:
            return dict(self._counts)

    def reset(self) -> None:
        with self._lock:
            self._counts.clear()


retry_stats = RetryStats()


def _retry_cause(exc: BaseException) -> str | None:
    """The reason ``exc`` may be retried (its SQLSTATE, or "locked"), or None when it may not."""
    sqlstate = getattr(exc.__cause__, "sqlstate", None)
    if sqlstate in _RETRY_SQLSTATES:
        return sqlstate
    if connection.vendor == "sqlite" and "locked" in str(exc):
        return "locked"
    return None


def run_in_transaction(fn: Callable[[], T], *, savepoint: bool = True) -> T:
    """Run ``fn`` in a transaction, again (bounded) after a deadlock or serialization failure.

    Inside a caller's transaction there is nothing to retry with (the failure aborts the caller's
    work too), so the error goes up to whoever owns the outermost transaction. ``savepoint=False``:
    a caller whose transaction fails whole with any error of ``fn`` needs no savepoint around it."""
    attempts = 1 if connection.in_atomic_block else MAX_ATTEMPTS
    for attempt in range(1, attempts + 1):
        try:
            with transaction.atomic(savepoint=savepoint):
                return fn()
        except OperationalError as exc:
            cause = _retry_cause(exc)
            if attempt >= attempts or cause is None:
                raise
            retry_stats.add(cause)
            time.sleep(random.uniform(0.001, 0.01) * attempt)
    raise AssertionError("unreachable")  # pragma: no cover


def _validate(
    *, club: Club, kind: str, lines: Sequence[Line], idempotency_key: str, memo: str
) -> dict[int, int]:
    """Check the request's shape before touching the database; returns {account id: amount}."""
    if kind not in Kind.values:
        raise LedgerError(_("Unknown journal kind “%(kind)s”.") % {"kind": kind})
    if not idempotency_key or len(idempotency_key) > 200:
        raise LedgerError(_("A posting needs an idempotency key of 1 to 200 characters."))
    if len(memo) > 500:
        raise LedgerError(_("A memo can be at most 500 characters long."))
    if len(lines) < 2:
        raise UnbalancedJournal(_("A journal needs at least two lines."))
    deltas: dict[int, int] = {}
    for account, amount in lines:
        # bool is an int subclass and floats are never chips.
        if type(amount) is not int:
            raise LedgerError(_("Chip amounts are whole numbers."))
        if amount == 0:
            raise LedgerError(_("A journal line cannot move zero chips."))
        if abs(amount) > MAX_AMOUNT:
            raise LedgerError(_("That amount is too large."))
        if isinstance(account, Account):
            if account.club_id != club.pk:
                raise WrongClub(_("Every account of a journal must belong to the journal's club."))
            account_id = account.pk
        else:
            account_id = int(account)
        if account_id in deltas:
            raise LedgerError(_("An account may appear only once in a journal."))
        deltas[account_id] = amount
    total = sum(deltas.values())
    if total != 0:
        raise UnbalancedJournal(
            _("A journal's lines must sum to zero; these sum to %(total)s.") % {"total": total}
        )
    return deltas


def _check_locked(rows: Sequence[tuple[int, int, str, int]], deltas: dict[int, int], club_id: int) -> None:
    """rows: (id, club_id, kind, balance) of the locked accounts."""
    if len(rows) != len(deltas):
        raise LedgerError(_("A journal names an account that does not exist."))
    for account_id, account_club, kind, balance in rows:
        if account_club != club_id:
            raise WrongClub(_("Every account of a journal must belong to the journal's club."))
        new = balance + deltas[account_id]
        if not -BALANCE_LIMIT <= new <= BALANCE_LIMIT:
            raise _beyond_limit(kind)
        if new < 0 and kind != Account.Kind.TREASURY:
            raise InsufficientChips(
                ngettext(
                    "Not enough chips: the %(account)s holds %(balance)s, %(needed)s is needed.",
                    "Not enough chips: the %(account)s holds %(balance)s, %(needed)s are needed.",
                    -deltas[account_id],
                )
                % {
                    "account": str(Account.Kind(kind).label).lower(),
                    "balance": balance,
                    "needed": -deltas[account_id],
                }
            )


def _beyond_limit(kind: str) -> LedgerError:
    if kind == Account.Kind.TREASURY:
        return LedgerError(
            _(
                "The club's treasury cannot issue that many chips: its balance would pass the largest "
                "number the books can hold."
            )
        )
    return LedgerError(
        _(
            "The %(account)s cannot hold that many chips: its balance would pass the largest number "
            "the books can hold."
        )
        % {"account": str(Account.Kind(kind).label).lower()}
    )


def _existing(*, idempotency_key: str, club_id: int, kind: str, deltas: dict[int, int]) -> Journal:
    """The journal that already holds ``idempotency_key``, if it is this very request (same club, kind
    and lines); a retried request must not be told it did something it did not."""
    journal = Journal.objects.get(idempotency_key=idempotency_key)
    stored = dict(Entry.objects.filter(journal_id=journal.pk).values_list("account_id", "amount"))
    if journal.club_id != club_id or journal.kind != kind or stored != deltas:
        raise IdempotencyConflict(_("This idempotency key was already used for a different posting."))
    return journal


def _write_postgresql(
    *,
    club_id: int,
    kind: str,
    deltas: dict[int, int],
    idempotency_key: str,
    actor_id: int | None,
    deal_id: int | None,
    memo: str,
    reversal_of_id: int | None,
    now: datetime,
) -> PostResult:
    ids = sorted(deltas)
    with connection.cursor() as cursor:
        # ON CONFLICT waits for a concurrent transaction holding the same key and, if it commits,
        # inserts nothing: the second poster then reads the first one's journal.
        cursor.execute(
            "INSERT INTO ledger_journal (club_id, kind, idempotency_key, deal_id, actor_id, memo, created_at,"
            " reversal_of_id) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)"
            " ON CONFLICT (idempotency_key) DO NOTHING RETURNING id",
            [club_id, kind, idempotency_key, deal_id, actor_id, memo, now, reversal_of_id],
        )
        row = cursor.fetchone()
        if row is None:
            return PostResult(_existing(idempotency_key=idempotency_key, club_id=club_id, kind=kind,
                                        deltas=deltas), False)
        journal_id = row[0]
        cursor.execute(
            "SELECT id, club_id, kind, balance FROM ledger_account WHERE id = ANY(%s)"
            " ORDER BY kind <> %s, id FOR UPDATE",
            [ids, Account.Kind.TREASURY.value],
        )
        _check_locked(cursor.fetchall(), deltas, club_id)
        # One statement updates the balances and writes the entries with the balance each update
        # returned, so balance_after is the database's own figure.
        try:
            cursor.execute(
                "WITH upd AS (UPDATE ledger_account a SET balance = a.balance + v.delta"
                " FROM unnest(%s::bigint[], %s::bigint[]) AS v(id, delta) WHERE a.id = v.id"
                " RETURNING a.id, a.balance, v.delta)"
                " INSERT INTO ledger_entry (journal_id, account_id, amount, balance_after)"
                " SELECT %s, id, delta, balance FROM upd ORDER BY id",
                [ids, [deltas[i] for i in ids], journal_id],
            )
        except DataError as exc:
            # _check_locked refuses first; this only answers a balance changed behind the ledger's
            # back ("bigint out of range") with a sentence instead of a server error.
            if getattr(exc.__cause__, "sqlstate", None) != "22003":
                raise
            raise LedgerError(_("That posting would pass the largest number the books can hold.")) from exc
    journal = Journal(
        id=journal_id,
        club_id=club_id,
        kind=kind,
        idempotency_key=idempotency_key,
        deal_id=deal_id,
        actor_id=actor_id,
        memo=memo,
        created_at=now,
        reversal_of_id=reversal_of_id,
    )
    journal._state.adding = False
    journal._state.db = connection.alias
    return PostResult(journal, True)


def _write_orm(
    *,
    club_id: int,
    kind: str,
    deltas: dict[int, int],
    idempotency_key: str,
    actor_id: int | None,
    deal_id: int | None,
    memo: str,
    reversal_of_id: int | None,
    now: datetime,
) -> PostResult:
    if Journal.objects.filter(idempotency_key=idempotency_key).exists():
        return PostResult(
            _existing(idempotency_key=idempotency_key, club_id=club_id, kind=kind, deltas=deltas), False
        )
    try:
        with transaction.atomic():
            journal = Journal.objects.create(
                club_id=club_id,
                kind=kind,
                idempotency_key=idempotency_key,
                deal_id=deal_id,
                actor_id=actor_id,
                memo=memo,
                created_at=now,
                reversal_of_id=reversal_of_id,
            )
    except IntegrityError:
        if not Journal.objects.filter(idempotency_key=idempotency_key).exists():
            raise
        return PostResult(
            _existing(idempotency_key=idempotency_key, club_id=club_id, kind=kind, deltas=deltas), False
        )
    accounts = list(Account.objects.select_for_update().filter(pk__in=deltas).order_by(_TREASURY_FIRST, "pk"))
    _check_locked([(a.pk, a.club_id, a.kind, a.balance) for a in accounts], deltas, club_id)
    entries = []
    for account in accounts:
        account.balance += deltas[account.pk]
        entries.append(
            Entry(
                journal=journal,
                account_id=account.pk,
                amount=deltas[account.pk],
                balance_after=account.balance,
            )
        )
    Account.objects.bulk_update(accounts, ["balance"])
    Entry.objects.bulk_create(entries)
    return PostResult(journal, True)


def journal_post_result(
    *,
    club: Club,
    kind: str,
    lines: Sequence[Line],
    idempotency_key: str,
    actor: User | None = None,
    deal: Any = None,
    memo: str = "",
    reversal_of: Journal | None = None,
    savepoint: bool = True,
) -> PostResult:
    """``journal_post`` that also says whether this call wrote the journal (False: the key was used).

    ``savepoint=False``, inside a caller's transaction: a refusal is not undone on its own but
    leaves the caller's transaction to be rolled back whole (for callers that never go on after one)."""
    deltas = _validate(club=club, kind=kind, lines=lines, idempotency_key=idempotency_key, memo=memo)
    deal_id = getattr(deal, "pk", deal)
    writer = _write_postgresql if connection.vendor == "postgresql" else _write_orm
    kwargs = dict(
        club_id=club.pk,
        kind=kind,
        deltas=deltas,
        idempotency_key=idempotency_key,
        actor_id=actor.pk if actor is not None else None,
        deal_id=int(deal_id) if deal_id is not None else None,
        memo=memo,
        reversal_of_id=reversal_of.pk if reversal_of is not None else None,
    )
    return run_in_transaction(lambda: writer(now=timezone.now(), **kwargs), savepoint=savepoint)


def journal_post(
    *,
    club: Club,
    kind: str,
    lines: Sequence[Line],
    idempotency_key: str,
    actor: User | None = None,
    deal: Any = None,
    memo: str = "",
) -> Journal:
    """Post one balanced journal. ``lines`` are (account or account id, signed amount) pairs.

    Raises ``UnbalancedJournal``, ``WrongClub``, ``InsufficientChips`` or ``LedgerError`` and then
    writes nothing. A repeated ``idempotency_key`` returns the first journal and posts nothing."""
    return journal_post_result(
        club=club, kind=kind, lines=lines, idempotency_key=idempotency_key, actor=actor, deal=deal, memo=memo
    ).journal


def journal_reverse(journal: Journal, *, actor: User | None, memo: str = "") -> Journal:
    """Post the mirror image of ``journal``. A journal is reversed at most once (the key and the
    one-to-one ``reversal_of`` both say so); reversing again returns the first reversal."""
    from club.services import audit_log_write

    lines = [(entry.account_id, -entry.amount) for entry in journal.entries.all()]

    def post() -> Journal:
        result = journal_post_result(
            club=journal.club,
            kind=Kind.REVERSAL,
            lines=lines,
            idempotency_key=f"reversal:{journal.pk}",
            actor=actor,
            deal=journal.deal_id,
            memo=memo or _("Reversal of journal #%(id)s") % {"id": journal.pk},
            reversal_of=journal,
        )
        if result.created and actor is not None:
            audit_log_write(
                action="chips.reversed",
                actor=actor,
                club=journal.club,
                target=f"journal #{journal.pk}",
                data={"journal": journal.pk, "reversal": result.journal.pk, "memo": memo},
            )
        return result.journal

    return run_in_transaction(post)


# Accounts. Created on first use; the partial unique constraints make a racing second creation fail
# and get_or_create then reads the winner's row.


def accounts_lock(account_ids: Iterable[int]) -> None:
    """Hold these accounts' rows until the transaction ends, in the ledger's order (the treasury
    first, then by id), for a caller about to post several journals that, one after another, would
    lock them in another order."""
    ids = list(account_ids)
    if ids:
        locked = Account.objects.select_for_update().filter(pk__in=ids).order_by(_TREASURY_FIRST, "pk")
        list(locked.values_list("pk", flat=True))


def account_treasury(*, club: Club) -> Account:
    return Account.objects.get_or_create(club=club, kind=Account.Kind.TREASURY, member=None, table_id=None)[0]


def _member_account(*, membership: Membership, kind: str, table_id: int | None) -> Account:
    # member_user records whose chips these are (PostgreSQL writes it itself, from the membership row).
    return Account.objects.get_or_create(
        club_id=membership.club_id,
        kind=kind,
        member=membership,
        table_id=table_id,
        defaults={"member_user_id": membership.user_id},
    )[0]


def account_wallet(*, membership: Membership) -> Account:
    return _member_account(membership=membership, kind=Account.Kind.WALLET, table_id=None)


def account_stack(*, membership: Membership, table_id: int) -> Account:
    return _member_account(membership=membership, kind=Account.Kind.STACK, table_id=table_id)


def account_hold(*, membership: Membership, table_id: int) -> Account:
    return _member_account(membership=membership, kind=Account.Kind.HOLD, table_id=table_id)


def account_bank(*, club: Club, table_id: int) -> Account:
    account, _created = Account.objects.get_or_create(
        kind=Account.Kind.BANK, table_id=table_id, defaults={"club": club, "member": None}
    )
    if account.club_id != club.pk:
        raise WrongClub(_("This table belongs to another club."))
    return account
