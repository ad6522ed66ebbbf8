"""Chips at a table, through the ledger: buy-ins, stand-ups and one journal per engine action.

Who pays for a seat: a member at a real table brings chips from his wallet and takes his stack back
to it; a bot, or anyone at a practice table, plays chips of the club treasury, which go back to the
treasury when the seat is left. At a practice table nobody's wallet wins or loses; at a real table a
bot a manager seated plays the club's chips against members' real ones (its wins and losses are the
treasury's, visible to managers in the table's books).

Every ``ChipsMoved`` event of one engine action is booked as one balanced journal (key
``deal:<deal>:seq:<seq>``), netted per account: the ledger locks the touched accounts once, and
booking the same action again books nothing.

Moving a deal's journal back (``deal_journal_reverse``, a manager answering a report) gives each
party what it had before the journal, where its chips are now: a hold only lives while its deal
runs, and a stack only while its seat is taken, so the plain mirror image would put chips where
nothing ever looks again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from club.models import User
from club.services import audit_log_write
from ledger.errors import IdempotencyConflict, InsufficientChips
from ledger.labels import user_label
from ledger.models import Account, Entry, Journal
from ledger.services import DEAL_MOVES, account_bank, account_treasury, account_wallet, journal_post_result
from ledger.services.posting import account_hold, account_stack

from ..engine import ChipsMoved
from ..models import Deal, Seat, TableSession
from ..prepared import Prepared
from ..stats import deal_nets, deals_hold, stats_deal_moved_back
from .errors import TableError

Kind = Journal.Kind


def seat_account(seat: Seat, where: str) -> Account:
    """The seat's ``stack`` or ``hold`` account: a member's own at this table, or the bot seat's."""
    session = seat.session
    if seat.member_id is not None:
        make = account_stack if where == "stack" else account_hold
        return make(membership=seat.member, table_id=session.pk)
    kind = Account.Kind.STACK if where == "stack" else Account.Kind.HOLD
    return Account.objects.get_or_create(
        kind=kind, seat=seat, defaults={"club_id": session.club_id, "table_id": session.pk, "member": None}
    )[0]


def _source_account(seat: Seat) -> Account:
    """Where a seat's chips come from and go back to: the wallet, or the treasury."""
    session = seat.session
    if seat.member_id is not None and not session.practice:
        return account_wallet(membership=seat.member)
    return account_treasury(club=session.club)


def seat_buy_in(*, seat: Seat, amount: int) -> Journal:
    """Bring ``amount`` chips to a new seat (raises ``InsufficientChips`` from a short wallet)."""
    session = seat.session
    result = journal_post_result(
        club=session.club,
        kind=Kind.BUY_IN,
        idempotency_key=f"seat:{seat.pk}:buy_in",
        actor=seat.member.user if seat.member_id is not None else None,
        memo=f"{session.title} #{seat.position + 1}"[:500],
        lines=[(_source_account(seat), -amount), (seat_account(seat, "stack"), amount)],
    )
    return result.journal


def bot_buy_in_again(*, seat: Seat, stack: int, deal_number: int) -> int:
    """A practice table's bot that can no longer ante buys in again, from the treasury its chips
    came from, back to the table's largest buy-in (review 148: the demo's bots lost their chips and
    its table stood still). Once per deal number (the key): a deal that did not start asks again
    for nothing. Returns the stack it has now."""
    session = seat.session
    amount = int(session.buy_in_max) - stack
    if amount <= 0:
        return stack
    journal_post_result(
        club=session.club,
        kind=Kind.BUY_IN,
        idempotency_key=f"seat:{seat.pk}:top_up:{deal_number}",
        actor=None,
        memo=f"{session.title} #{seat.position + 1}"[:500],
        lines=[(account_treasury(club=session.club), -amount), (seat_account(seat, "stack"), amount)],
    )
    return stack + amount


def seat_stack_balance(seat: Seat, *, lock: bool = False) -> int:
    account = seat_account(seat, "stack")
    qs = Account.objects.filter(pk=account.pk)
    if lock:
        qs = qs.select_for_update()
    return qs.values_list("balance", flat=True).get()


def seat_cash_out(*, seat: Seat) -> Journal | None:
    """A seat is left: its whole stack goes back where it came from. None with an empty stack."""
    session = seat.session
    amount = seat_stack_balance(seat, lock=True)
    if amount == 0:
        return None
    return journal_post_result(
        club=session.club,
        kind=Kind.LEAVE,
        idempotency_key=f"seat:{seat.pk}:leave",
        actor=seat.member.user if seat.member_id is not None else None,
        memo=f"{session.title} #{seat.position + 1}"[:500],
        lines=[(seat_account(seat, "stack"), -amount), (_source_account(seat), amount)],
    ).journal


#: The stacks and holds of one deal's players and the table's bank, in one read: a move that books
#: chips touches two to four of them, and looking each up by itself (``get_or_create``) cost a query
#: apiece. Only the players': a table with no end keeps the accounts of every member who ever sat at
#: it, and reading them all made each move's cost grow with the table's history.
_TABLE_ACCOUNTS = Prepared(
    lambda table_id, member_ids, seat_ids: Account.objects.filter(
        Q(kind=Account.Kind.BANK) | Q(member_id__in=member_ids) | Q(seat_id__in=seat_ids),
        table_id=table_id,
        kind__in=[Account.Kind.STACK, Account.Kind.HOLD, Account.Kind.BANK],
    )
)
_AccountKey = tuple[str, str, int | None]


def _table_accounts(session: TableSession, players: Sequence[Seat]) -> dict[_AccountKey, Account]:
    """The players' and the bank's accounts at the table, by what ``seat_account`` and
    ``account_bank`` look them up by."""
    out: dict[_AccountKey, Account] = {}
    member_ids = sorted({s.member_id for s in players if s.member_id is not None})
    seat_ids = sorted({s.pk for s in players if s.pk is not None})  # a bot's accounts are its seat's
    for account in _TABLE_ACCOUNTS(session.pk, member_ids, seat_ids):
        if account.club_id != session.club_id:
            continue  # not this table's books: the lookup of its own refuses it (WrongClub)
        if account.kind == Account.Kind.BANK:
            out[(account.kind, "bank", None)] = account
        elif account.member_id is not None:
            out[(account.kind, "member", account.member_id)] = account
        elif account.seat_id is not None:
            out[(account.kind, "seat", account.seat_id)] = account
    return out


def _moved_seat(event: ChipsMoved) -> int:
    """The engine seat whose stack or hold an event touches (every movement of 6.8 has one)."""
    src, dst = DEAL_MOVES[event.kind]
    endpoint = event.src if src != "bank" else event.dst
    where, _colon, seat = endpoint.partition(":")
    if where not in (src, dst) or not seat.isdigit():
        raise ValueError(f"a {event.kind} cannot move chips from {event.src} to {event.dst}")
    return int(seat)


def deal_book(
    *, session: TableSession, deal_id: int, seq: int, events: Iterable[Any], players: Sequence[Seat]
) -> Journal | None:
    """Book the chip movements of one engine action (``seq``; 0 is the deal's start) as one journal.

    ``players[i]`` holds engine seat i. The journal's kind is the movements' kind, or ``settle`` when
    an action moved chips of several kinds (the end of a deal: releases, penalties and payouts); an
    interruption's hold with the displaced snorer's release is a ``hold``."""
    moves = [e for e in events if isinstance(e, ChipsMoved) and e.amount]
    if not moves:
        return None
    accounts: dict[tuple[str, int], Account] = {}
    deltas: dict[int, int] = {}
    by_id: dict[int, Account] = {}
    known = _table_accounts(session, players)

    def account(where: str, seat: int) -> Account:
        key = (where, -1 if where == "bank" else seat)
        if key not in accounts:
            if where == "bank":
                found = known.get((where, "bank", None))
                accounts[key] = found or account_bank(club=session.club, table_id=session.pk)
            else:
                holder = players[seat]
                if holder.member_id is None:
                    found = known.get((where, "seat", holder.pk))
                elif holder.member.club_id == session.club_id:
                    found = known.get((where, "member", holder.member_id))
                else:
                    found = None  # the lookup of its own says what is wrong
                # Not read yet: opened now (a hold's first stake at this table).
                accounts[key] = found or seat_account(holder, where)
        return accounts[key]

    for event in moves:
        seat = _moved_seat(event)
        src_where, dst_where = DEAL_MOVES[event.kind]
        src, dst = account(src_where, seat), account(dst_where, seat)
        by_id[src.pk], by_id[dst.pk] = src, dst
        deltas[src.pk] = deltas.get(src.pk, 0) - event.amount
        deltas[dst.pk] = deltas.get(dst.pk, 0) + event.amount
    lines = [(by_id[pk], amount) for pk, amount in deltas.items() if amount]
    if len(lines) < 2:
        return None
    kinds = {event.kind for event in moves}
    if kinds == {Kind.HOLD, Kind.RELEASE}:
        # An interruption (RULES.md 5.3): the new snorer's hold and the displaced one's surplus given
        # back, in the middle of the deal. Booked as "settle", the deal's page, the statement and the
        # admin read "Deal settlement" there, the real one still to come.
        kind = Kind.HOLD
    else:
        kind = kinds.pop() if len(kinds) == 1 else Kind.SETTLE
    memo = "; ".join(f"{e.kind} {e.amount} {e.src}→{e.dst}" for e in moves)
    return journal_post_result(
        club=session.club,
        kind=kind,
        idempotency_key=f"deal:{deal_id}:seq:{seq}",
        deal=deal_id,
        memo=memo[:500],
        lines=lines,
        # A refused booking refuses the whole move (the caller's transaction rolls back), so the
        # ledger's savepoint of its own would only cost two round trips per move.
        savepoint=False,
    ).journal


def _home_account(account: Account, session: TableSession) -> Account:
    """Where the chips of a table account go when a deal's journal is moved back.

    A hold is a stake in one deal and a stack lives as long as its seat: once the deal is over a hold
    goes to its owner's stack, and once the seat is left a hold or stack goes where the seat's chips
    went when it was left (the wallet, or the treasury for a bot or a practice table)."""
    if account.kind not in (Account.Kind.STACK, Account.Kind.HOLD):
        return account
    if account.seat_id is not None:
        seat = Seat.objects.select_related("session__club").get(pk=account.seat_id)
    else:
        seat = (
            Seat.objects.select_related("member__club", "session__club")
            .filter(session=session, member_id=account.member_id)
            .exclude(status=Seat.Status.LEFT)
            .first()
        )
    if seat is not None and seat.status != Seat.Status.LEFT:
        return seat_account(seat, "stack")
    if account.member_id is not None and not session.practice:
        return account_wallet(membership=account.member)
    return account_treasury(club=session.club)


def _whose_short(lines: list[tuple[Account, int]]) -> str:
    """Which member's account cannot give back what a move back takes from it: the ledger's own
    refusal says "the wallet holds 0, 40 are needed", and a deal's journal names several wallets."""
    balances = dict(Account.objects.filter(pk__in=[a.pk for a, _n in lines]).values_list("pk", "balance"))
    for account, amount in lines:
        if amount < 0 and account.member_id is not None and balances.get(account.pk, 0) < -amount:
            member = account.member
            return _(
                "Not enough chips: the %(account)s of %(member)s holds %(balance)s, %(needed)s are needed."
            ) % {
                "account": str(account.get_kind_display()).lower(),
                "member": user_label(member.user),
                "balance": balances.get(account.pk, 0),
                "needed": -amount,
            }
    return ""


def deal_journal_reverse(*, session: TableSession, journal: Journal, actor: User, memo: str) -> Journal:
    """Move a journal of a finished deal of ``session`` back (the caller holds the session lock and no
    deal runs). Each line goes back to its account's home (``_home_account``), netted per account;
    a table bank credited after its session closed is shared out again as at the close. Refused with
    a ``TableError``, writing nothing, when the journal was moved back already, is itself a reversal,
    would change nothing, or the chips to take back are not there any more."""
    if journal.kind == Journal.Kind.REVERSAL:
        raise TableError("reverse_reversal")
    if Journal.objects.filter(reversal_of=journal).exists():
        raise TableError("already_reversed")
    deltas: dict[int, int] = {}
    homes: dict[int, Account] = {}
    for entry in Entry.objects.filter(journal=journal).select_related("account__member").order_by("id"):
        home = _home_account(entry.account, session)
        homes[home.pk] = home
        deltas[home.pk] = deltas.get(home.pk, 0) - entry.amount
    # A release moved chips between one player's own hold and stack: back home they cancel out.
    lines = [(homes[pk], amount) for pk, amount in deltas.items() if amount]
    if len(lines) < 2:
        raise TableError("reverse_no_effect")
    nets_before = deal_nets(deal_id=journal.deal_id) if journal.deal_id else {}
    bank = account_bank(club=session.club, table_id=session.pk)
    close_again = deltas.get(bank.pk, 0) > 0 and not session.is_live
    if close_again and not session.practice:
        # The bank's close below sends chips to the treasury too: locked before this journal holds
        # the players' wallets, as the ledger orders accounts (the treasury first). Taken after
        # them, a grant to one of these players, holding the treasury and waiting for his wallet,
        # deadlocked with this (review 18).
        from .closing import treasury_lock

        treasury_lock(session)
    try:
        result = journal_post_result(
            club=session.club,
            kind=Journal.Kind.REVERSAL,
            lines=lines,
            idempotency_key=f"reversal:{journal.pk}",
            actor=actor,
            deal=journal.deal_id,
            memo=memo or _("Reversal of journal #%(id)s") % {"id": journal.pk},
            reversal_of=journal,
        )
    except IdempotencyConflict:
        raise TableError("already_reversed") from None
    except InsufficientChips as exc:
        raise TableError("reverse_short", problem=_whose_short(lines) or exc.message) from None
    if not result.created:
        raise TableError("already_reversed")
    audit_log_write(
        action="chips.reversed",
        actor=actor,
        club=session.club,
        target=f"journal #{journal.pk}",
        data={"journal": journal.pk, "reversal": result.journal.pk, "memo": memo},
    )
    if journal.deal_id:
        if close_again and not session.practice:
            # The close below changes the stats of the table's last deal too: both deals held now,
            # in order. Held one after the other, this deal's players' counters were held while
            # the last deal's count, holding its deal, waited for them (``stats.deals_hold``).
            last = Deal.objects.filter(session=session).order_by("-number").values_list("pk", flat=True)
            deals_hold([journal.deal_id, *last[:1]])
        # Before the bank's close below, which counts its own shares in the last deal's nets:
        # after it, the shares were counted twice.
        stats_deal_moved_back(deal_id=journal.deal_id, nets_before=nets_before)
    if close_again:
        # Nothing shares out the bank of a closed table but its close: close it again.
        from .closing import table_bank_close

        table_bank_close(session=session, reason=gettext_noop("chips moved back after the session ended"))
    return result.journal
