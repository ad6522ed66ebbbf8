"""Reads of the chip ledger: balances, statements, the trial balance, a deal's journals."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Count, Prefetch, Q, QuerySet, Sum
from django.db.models.functions import Now
from django.utils.translation import gettext as _

from club.choices import choice_label
from club.confusables import name_search_pattern, name_skeleton
from club.models import Club, Membership
from games.prepared import Prepared, first_of

from .labels import REVERSAL_WORDS, journal_words
from .models import Account, Entry, Journal

STATEMENT_PAGE = 25
SERIES_POINTS = 200
_MAX_ENTRY_ID = 2**63 - 1


def deciding_managers(*, club: Club) -> set[int]:
    """The users who may decide a grant waiting for a second manager (ledger.services.adjustments):
    the club's active managers and owner whose accounts are on, not suspended from the tables (a
    suspended manager manages nothing meanwhile, review 149)."""
    managing = (Membership.Role.OWNER, Membership.Role.MANAGER)
    return set(
        Membership.objects.filter(
            club=club, status=Membership.Status.ACTIVE, role__in=managing, user__is_active=True
        )
        .exclude(role=Membership.Role.MANAGER, suspended_until__gt=Now())  # ``Membership.manages_now``
        .values_list("user_id", flat=True)
    )


def managers_suspended(*, club: Club) -> list[Membership]:
    """The club's managers kept from deciding by a suspension, whose accounts are on, the first back
    first: when nobody decides a grant now, one of them can once his suspension ends (review 156: the
    page said the club had no other manager)."""
    return list(
        Membership.objects.filter(
            club=club,
            status=Membership.Status.ACTIVE,
            role=Membership.Role.MANAGER,
            user__is_active=True,
            suspended_until__gt=Now(),
        )
        .select_related("user")
        .order_by("suspended_until", "pk")
    )


def first_back(*, suspended: list[Membership], asker_id: int, member_user_id: int) -> Membership | None:
    """Of ``managers_suspended``, the first who may decide it once back: not its asker, nor the one
    it is for."""
    return next((m for m in suspended if m.user_id not in (asker_id, member_user_id)), None)


def nobody_decides(*, managers: set[int], asker_id: int, member_user_id: int) -> bool:
    """Neither the one who asked nor the one it is for decides: is anyone left?"""
    return not managers - {asker_id, member_user_id}


def statement_cursor(raw: str | None) -> int | None:
    """The ``before`` of a statement page from a query string: an entry id, or None for anything else
    (ASCII digits only: "²".isdigit() is true, but int() refuses it)."""
    if not raw or not raw.isascii() or not raw.isdigit() or len(raw) > 19:
        return None
    value = int(raw)
    return value if 0 < value <= _MAX_ENTRY_ID else None


def account_balance(*, account: Account | int) -> int:
    """The stored balance, read fresh from the database."""
    return Account.objects.values_list("balance", flat=True).get(pk=getattr(account, "pk", account))


# The club page's and My chips' reads, compiled once per process (games.prepared): compiling them
# cost more CPU than the database took to answer.
_WALLET = Prepared(
    lambda member_id: first_of(Account.objects.filter(member_id=member_id, kind=Account.Kind.WALLET))
)
_WALLET_BALANCE = Prepared(
    lambda member_id: first_of(
        Account.objects.filter(member_id=member_id, kind=Account.Kind.WALLET).values_list(
            "balance", flat=True
        )
    )
)


def wallet_get(*, membership: Membership) -> Account | None:
    return _WALLET.first(membership.pk)


@dataclass(frozen=True)
class AtTable:
    table_id: int
    title: str
    chips: int


def chips_at_tables(*, membership: Membership) -> list[AtTable]:
    """The member's chips out of his wallet: his stacks and holds at the club's tables, by table
    (My chips showed the wallet alone, and a player who took 200 to a table read them as lost). Not a
    practice table's: its chips are the treasury's and go back there, never to his wallet."""
    rows = (
        Account.objects.filter(
            member=membership, kind__in=[Account.Kind.STACK, Account.Kind.HOLD], balance__gt=0
        )
        .exclude(table__practice=True)
        .values("table_id", "table__title")
        .annotate(chips=Sum("balance"))
        .order_by("table_id")
    )
    return [AtTable(row["table_id"], row["table__title"], row["chips"]) for row in rows]


def wallet_balance(*, membership: Membership) -> int:
    """A member's chips in the club (0 before the first grant)."""
    return _WALLET_BALANCE.first(membership.pk) or 0


def club_total(*, club: Club) -> int:
    """The sum of every balance in the club: always 0 in consistent books."""
    return Account.objects.filter(club=club).aggregate(total=Sum("balance"))["total"] or 0


@dataclass(frozen=True)
class StatementLine:
    entry_id: int
    journal_id: int
    kind: str
    kind_label: str
    memo: str
    created_at: datetime
    amount: int
    balance_after: int


@dataclass(frozen=True)
class StatementPage:
    lines: list[StatementLine]
    next_before: int | None  # pass as ``before`` for the next (older) page; None: no more


def account_statement(
    *, account: Account | int, before: int | None = None, limit: int = STATEMENT_PAGE
) -> StatementPage:
    """An account's entries, newest first, each with the running balance after it. Keyset pagination
    on the entry id: pages stay stable while new entries arrive."""
    account_id = getattr(account, "pk", account)
    if limit != STATEMENT_PAGE:
        rows = list(_statement_rows(account_id, before, limit))
    elif before is None:
        rows = _STATEMENT_FIRST(account_id)
    else:
        rows = _STATEMENT_BEFORE(account_id, before)
    lines = [
        StatementLine(
            entry_id=e.pk,
            journal_id=e.journal_id,
            kind=e.journal.kind,
            kind_label=str(e.journal.get_kind_display()),
            memo=journal_words(e.journal),
            created_at=e.journal.created_at,
            amount=e.amount,
            balance_after=e.balance_after,
        )
        for e in rows[:limit]
    ]
    return StatementPage(lines=lines, next_before=lines[-1].entry_id if len(rows) > limit else None)


@dataclass(frozen=True)
class BalanceSeries:
    points: list[tuple[datetime, int]]  # (time, balance after) of the last entries, oldest first
    start: int  # the balance before the first of them: 0 unless older entries are left out


def balance_series(*, account: Account | int, limit: int = SERIES_POINTS) -> BalanceSeries:
    """(time, balance after) of the account's last ``limit`` entries, oldest first: the chart's points,
    with the balance they start from (the entry before them, read with them: a long history drawn
    from 0 showed a leap from nothing and 0 as the lowest balance, review 101)."""
    account_id = getattr(account, "pk", account)
    rows = _SERIES(account_id) if limit == SERIES_POINTS else list(_series_rows(account_id, limit))
    start = rows[limit][1] if len(rows) > limit else 0
    return BalanceSeries(points=list(reversed(rows[:limit])), start=start)


def _statement_rows(account_id: int, before: int | None, limit: int) -> QuerySet[Entry]:
    qs = Entry.objects.filter(account_id=account_id).select_related("journal")
    if before is not None:
        qs = qs.filter(id__lt=before)
    return qs.order_by("-id")[: limit + 1]


def _series_rows(account_id: int, limit: int) -> QuerySet[Entry]:
    return (
        Entry.objects.filter(account_id=account_id)
        .order_by("-id")
        .values_list("journal__created_at", "balance_after")[: limit + 1]
    )


# A page of the statement and the chart's points at their usual sizes, compiled once per process.
_STATEMENT_FIRST = Prepared(lambda account_id: _statement_rows(account_id, None, STATEMENT_PAGE))
_STATEMENT_BEFORE = Prepared(lambda account_id, before: _statement_rows(account_id, before, STATEMENT_PAGE))
_SERIES = Prepared(lambda account_id: _series_rows(account_id, SERIES_POINTS))


#: Accounts holding chips that one page of a club's trial balance lists.
TRIAL_BALANCE_PAGE = 100


@dataclass(frozen=True)
class TrialBalance:
    club: Club
    page: Page  # of the accounts holding chips (a balance other than 0), by kind and id
    total: int
    by_kind: dict[str, int]
    empty: int  # accounts holding nothing: not listed


def trial_balance(*, club: Club, page: Any = 1) -> TrialBalance:
    """The club's balances summed by kind over every account (the total is 0 in consistent books),
    and one page of the accounts that hold chips (``page`` as typed: an odd value is the first page,
    one past the end the last). Every table opens a bank and a stack and a hold per player, so a club
    a year old has tens of thousands of accounts, nearly all empty since their table closed: listed
    whole, they made a page of megabytes."""
    sums = list(
        Account.objects.filter(club=club)
        .order_by("kind")
        .values("kind")
        .annotate(total=Sum("balance"), empty=Count("id", filter=Q(balance=0)))
    )
    by_kind = {row["kind"]: row["total"] for row in sums}
    empty = sum(row["empty"] for row in sums)
    holding = (
        Account.objects.filter(club=club)
        .exclude(balance=0)
        .select_related("member__user")
        .order_by("kind", "id")
    )
    typed = isinstance(page, str) and page.isascii() and page.isdigit() and len(page) < 10
    number = int(page) if typed and int(page) > 0 else 1
    return TrialBalance(
        club=club,
        page=Paginator(holding, TRIAL_BALANCE_PAGE).get_page(number),
        total=sum(by_kind.values()),
        by_kind=by_kind,
        empty=empty,
    )


#: Clubs one page of the trial balances' index lists.
TRIAL_BALANCE_CLUBS_PAGE = 100


@dataclass(frozen=True)
class ClubsPage:
    clubs: list[Club]
    number: int
    has_next: bool
    query: str


def trial_balance_clubs(*, clubs: QuerySet[Club], page: Any = 1, query: str = "") -> ClubsPage:
    """One page of the clubs whose trial balance the reader may open, by name; ``query`` keeps the
    names that contain it as a reader sees it (any case, look-alike letters). A superuser sees every
    club of the site: listed whole, a site of thousands of clubs made one page of all their names."""
    query = query.strip()[:100] if isinstance(query, str) else ""
    skeleton = name_skeleton(query) if query else ""
    if skeleton:
        clubs = clubs.filter(name_skeleton__regex=name_search_pattern(query))
    typed = isinstance(page, str) and page.isascii() and page.isdigit() and len(page) < 7
    number = int(page) if typed and int(page) > 0 else 1
    start = (number - 1) * TRIAL_BALANCE_CLUBS_PAGE
    rows = list(clubs.order_by("name", "pk")[start : start + TRIAL_BALANCE_CLUBS_PAGE + 1])
    return ClubsPage(
        clubs=rows[:TRIAL_BALANCE_CLUBS_PAGE],
        number=number,
        has_next=len(rows) > TRIAL_BALANCE_CLUBS_PAGE,
        query=query,
    )


def deal_journals(*, deal: Any) -> QuerySet[Journal]:
    """The journals of one deal in posting order, with their entries."""
    # The entries with their accounts, members and users joined: two queries whatever the deal moved,
    # where a prefetch per relation took five.
    entries = Entry.objects.select_related("account__member__user", "account__seat")
    return (
        Journal.objects.filter(deal_id=getattr(deal, "pk", deal))
        .order_by("id")
        .prefetch_related(Prefetch("entries", queryset=entries))
    )


@dataclass(frozen=True)
class DealLine:
    """One entry of a deal's journal as the deal and report pages show it."""

    kind_label: str  # the account's kind
    who: str | None  # the member's shown name, or the bot's name; None: neither (the table's bank)
    amount: int


@dataclass(frozen=True)
class DealJournal:
    pk: int
    kind_label: str
    lines: list[DealLine]
    #: The journal this one moves back (a manager's reversal), None for the deal's own.
    reversal_of: int | None = None


# Only the columns the pages show, in one query compiled once per process: the journals and their
# entries with accounts, members, users and seats made five model objects per entry.
_DEAL_LINES = Prepared(
    lambda deal_id: (
        Entry.objects.filter(journal__deal_id=deal_id)
        .order_by("journal_id", "id")
        .values_list(
            "journal_id",
            "journal__kind",
            "journal__reversal_of_id",
            "account__kind",
            "account__member_id",
            "account__member__user__display_name",
            "account__member__user__username",
            "account__seat_id",
            "account__seat__bot_name",
            "amount",
        )
    )
)


def deal_journal_lines(*, deal: Any) -> list[DealJournal]:
    """The journals of one deal in posting order, each with its entries (``deal_journals``) as the
    pages show them: labels in the active language, who each account is."""
    journals: list[DealJournal] = []
    for (
        journal_id,
        journal_kind,
        reversal_of,
        kind,
        member_id,
        display_name,
        username,
        seat_id,
        bot_name,
        amount,
    ) in _DEAL_LINES(getattr(deal, "pk", deal)):
        if not journals or journals[-1].pk != journal_id:
            # A reversal says which journal it moves back: beside the deal's other journals a bare
            # "Reversal" did not say which one it undid.
            label = (
                _(REVERSAL_WORDS) % {"id": reversal_of}
                if reversal_of is not None
                else choice_label(Journal, "kind", journal_kind)
            )
            journals.append(DealJournal(journal_id, label, [], reversal_of))
        if member_id is not None:
            who = display_name or username  # User.shown_name
        elif seat_id is not None:
            who = bot_name
        else:
            who = None
        journals[-1].lines.append(DealLine(choice_label(Account, "kind", kind), who, amount))
    return journals


@dataclass(frozen=True)
class TableLedger:
    """One table's books: every account it opened (stacks, holds, its bank) with what went in and
    out, the movements by kind, and the chips that crossed its edge (in: buy-ins; out: stand-ups and
    the bank shared out). In consistent books the table's accounts hold exactly what came in minus what
    went out."""

    accounts: list[dict[str, Any]]
    by_kind: list[dict[str, Any]]
    came_in: int
    went_out: int
    held: int
    debits: int
    credits: int


def table_ledger(*, table_id: int) -> TableLedger:
    entries = Entry.objects.filter(account__table_id=table_id)
    per_account = {
        row["account"]: row
        for row in entries.values("account").annotate(
            debit=Sum("amount", filter=Q(amount__lt=0)), credit=Sum("amount", filter=Q(amount__gt=0))
        )
    }
    accounts = []
    for account in (
        Account.objects.filter(table_id=table_id)
        .select_related("member__user", "seat")
        .order_by("kind", "id")
    ):
        row = per_account.get(account.pk, {})
        accounts.append(
            {
                "account": account,
                "out": -(row.get("debit") or 0),
                "in": row.get("credit") or 0,
                "balance": account.balance,
            }
        )
    by_kind = list(
        Journal.objects.filter(entries__account__table_id=table_id)
        .values("kind")
        .annotate(
            journals=Count("id", distinct=True),
        )
        .order_by("kind")
    )
    # What each journal moved, wherever it went: counted on the table's accounts alone, a stand-up
    # (stack to wallet) or the bank shared out moved nothing, as nothing arrived on the table.
    moved = dict(
        Entry.objects.filter(
            journal__in=Journal.objects.filter(entries__account__table_id=table_id).values("id"),
            amount__gt=0,
        )
        .values_list("journal__kind")
        .annotate(total=Sum("amount"))
    )
    for row in by_kind:
        row["chips"] = moved.get(row["kind"]) or 0
        row["label"] = Journal.Kind(row["kind"]).label
    # What crossed the table's edge: entries of the table's accounts in journals that also touch an
    # account of no table (a wallet or the treasury).
    edge = entries.filter(journal__entries__account__table__isnull=True).distinct()
    came_in = edge.filter(amount__gt=0).aggregate(t=Sum("amount"))["t"] or 0
    went_out = -(edge.filter(amount__lt=0).aggregate(t=Sum("amount"))["t"] or 0)
    return TableLedger(
        accounts=accounts,
        by_kind=by_kind,
        came_in=came_in,
        went_out=went_out,
        held=sum(a["balance"] for a in accounts),
        debits=sum(a["out"] for a in accounts),
        credits=sum(a["in"] for a in accounts),
    )
