"""Emptying a table: a bank left without players, and closing a session.

Practice chips belong to the treasury, so a practice table's bank goes back to it as soon as no
person sits there any more (the next newcomer starts with an empty bank instead of waiting for bots
to play it out). A real table's bank is shared out among the players dealt into its last deal when
the session closes: members' shares to their wallets, bots' shares and the remainder to the treasury.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.utils.translation import gettext_noop

from club.services import audit_log_write
from ledger.models import Account, Journal
from ledger.services import account_bank, account_treasury, account_wallet, accounts_lock, journal_post_result

from ..models import Deal, Seat, TableSession
from ..stats import deal_nets, stats_deal_moved_back
from .access import seats_taken
from .dealing import deal_running, deal_state


def dealt_in(deal: Deal) -> list[int]:
    """The seats dealt into ``deal``. ``deal.players`` holds every seat it was made for, and a
    newcomer who sat it out waiting for an empty bank is one: he paid nothing into the bank, so a
    share of it is not his (review 24). Nor is it a player's who could not pay his ante."""
    state = deal_state(deal)
    return [deal.players[i] for i in state.setup.dealt]


def _bank_lines(session: TableSession, total: int) -> list[tuple[Account, int]]:
    treasury = account_treasury(club=session.club)
    if session.practice:
        return [(treasury, total)]
    last = Deal.objects.filter(session=session).order_by("-number").first()
    players = list(Seat.objects.select_related("member").filter(pk__in=dealt_in(last))) if last else []
    share = total // len(players) if players else 0
    to_treasury = total - share * sum(1 for p in players if p.member_id is not None)
    lines: list[tuple[Account, int]] = []
    if share:
        lines += [(account_wallet(membership=p.member), share) for p in players if p.member_id is not None]
    if to_treasury:
        lines.append((treasury, to_treasury))
    return lines


def table_bank_close(*, session: TableSession, reason: str) -> Journal | None:
    """Empty the table's bank (the caller holds the session lock and no deal is running). ``reason``
    is one of ``ledger.labels.BANK_REASONS``, in English: the memo and the audit row are read in the
    reader's language."""
    bank = account_bank(club=session.club, table_id=session.pk)
    total = Account.objects.select_for_update().filter(pk=bank.pk).values_list("balance", flat=True).get()
    if total == 0:
        return None
    lines = [(bank, -total), *_bank_lines(session, total)]
    last = None if session.practice else Deal.objects.filter(session=session).order_by("-number").first()
    nets_before = deal_nets(deal_id=last.pk) if last else {}
    result = journal_post_result(
        club=session.club,
        kind=Journal.Kind.BANK_CLOSE,
        idempotency_key=f"bank_close:table:{session.pk}:{bank.entries.count()}",
        lines=lines,
        # Stored in English (a worker or the ticker closes most banks, with no reader's language) and
        # read in each reader's (``ledger.labels.journal_memo_words``).
        memo=gettext_noop("Bank of table “%(title)s”: %(reason)s")
        % {"title": session.title, "reason": reason},
    )
    if result.created:
        audit_log_write(
            action="chips.bank_closed",
            actor=None,
            club=session.club,
            target=session.title,
            data={"table": session.pk, "total": total, "journal": result.journal.pk, "reason": reason},
        )
        if last is not None:
            # The shares are the players' antes back: their net chips in the last deal change now,
            # as the nightly recount reads them (``stats.bank_returns``).
            stats_deal_moved_back(deal_id=last.pk, nets_before=nets_before)
    return result.journal


def home_accounts_first(session: TableSession, seats: Sequence[Seat], *, bank: bool = False) -> None:
    """Lock, in the ledger's order, every account that standing ``seats`` up (and closing the bank,
    ``bank``) will send chips to: the players' wallets and, if bots' stacks or the bank go home too,
    the club's treasury. Each journal locks its accounts in that order (the treasury first, then by
    id: ``ledger.services.posting``), but one stand-up after another, in seat order, held one
    player's wallet while the next waited for another's or for the treasury: a grant to that player,
    holding the treasury and waiting for his wallet, deadlocked with it (review 18), and so did two
    tables closing at once with the same two players in opposite seat orders. The caller holds the
    table's lock."""
    if session.practice:
        return  # a practice table's chips all go to the treasury
    members = {s.member_id for s in seats if s.member_id is not None}
    if bank:
        dealt = Deal.objects.filter(session=session).order_by("-number").values_list("players", flat=True)
        last = dealt.first()
        if last:
            members |= set(
                Seat.objects.filter(pk__in=last, member__isnull=False).values_list("member_id", flat=True)
            )
    if not members:
        return  # bots' chips alone go to the treasury: one account
    ids = list(
        Account.objects.filter(kind=Account.Kind.WALLET, member_id__in=members, table_id=None).values_list(
            "pk", flat=True
        )
    )
    if bank or any(s.member_id is None for s in seats):
        ids.append(account_treasury(club=session.club).pk)
    accounts_lock(ids)


def treasury_lock(session: TableSession) -> None:
    """Hold the club's treasury row until the transaction ends (see ``home_accounts_first``)."""
    accounts_lock([account_treasury(club=session.club).pk])


def table_after_stand_up(*, session: TableSession, now: datetime) -> None:
    """Someone stood up: a practice table left without a person gives its bank back to the treasury,
    and a member's own practice table closes."""
    from .seating import seat_stand_up

    if not session.practice or deal_running(session) is not None:
        return
    seats = list(seats_taken(session))
    if any(not s.is_bot for s in seats):
        return
    if session.close_when_empty:
        for seat in seats:
            seat_stand_up(seat=seat, now=now, because=Seat.LeftBecause.CLOSED)
        session.status = TableSession.Status.FINISHED
        session.next_deal_at = None
        session.save(update_fields=["status", "next_deal_at"])
    table_bank_close(session=session, reason=gettext_noop("nobody plays here any more"))


def table_bank_share(*, session: TableSession, deal: Deal) -> Journal | None:
    """A table that cannot deal any more (too few players can pay) shares the bank among the players
    dealt into its last deal who still sit there, into their stacks; the remainder of the division to the
    first of them. The caller holds the session lock."""
    bank = account_bank(club=session.club, table_id=session.pk)
    total = Account.objects.select_for_update().filter(pk=bank.pk).values_list("balance", flat=True).get()
    dealt = dealt_in(deal)
    seated = [s for s in seats_taken(session) if s.pk in dealt]
    if total == 0 or not seated:
        return None
    from .booking import seat_account

    nets_before = {} if session.practice else deal_nets(deal_id=deal.pk)
    share, remainder = divmod(total, len(seated))
    lines: list[tuple[Account, int]] = [(bank, -total)]
    for i, seat in enumerate(seated):
        amount = share + (remainder if i == 0 else 0)
        if amount:
            lines.append((seat_account(seat, "stack"), amount))
    result = journal_post_result(
        club=session.club,
        kind=Journal.Kind.PAYOUT,
        idempotency_key=f"bank_share:table:{session.pk}:after:{deal.pk}",
        lines=lines,
        memo=gettext_noop("Bank of table “%(title)s” shared: too few players can pay to deal")
        % {"title": session.title},
    )
    audit_log_write(
        action="chips.bank_shared",
        actor=None,
        club=session.club,
        target=session.title,
        data={"table": session.pk, "total": total, "journal": result.journal.pk},
    )
    if result.created and not session.practice:
        stats_deal_moved_back(deal_id=deal.pk, nets_before=nets_before)
    return result.journal
