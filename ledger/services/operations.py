"""Chip operations: one service per kind of movement, each a single ``journal_post``.

Where a person acts (a manager granting or revoking, a player sitting down or leaving) an
``AuditLog`` row is written in the same transaction, and only when the journal was really posted,
so a retried request leaves one journal and one log row.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any, Protocol

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from club.errors import NotAllowed
from club.models import Club, Membership, User
from club.services import audit_log_write, membership_require_manager, membership_require_rank

from ..errors import IdempotencyConflict, InsufficientChips, LedgerError, WrongClub
from ..models import Account, Journal
from ..selectors import chips_at_tables, wallet_balance
from .posting import (
    MAX_AMOUNT,
    PostResult,
    account_bank,
    account_hold,
    account_stack,
    account_treasury,
    account_wallet,
    journal_post_result,
    run_in_transaction,
)

Kind = Journal.Kind


class ChipsMovedLike(Protocol):
    """The engine's ``ChipsMoved`` event, by duck typing: the ledger imports nothing from the engine."""

    kind: str
    src: str
    dst: str
    amount: int


def _amount(amount: Any) -> int:
    if type(amount) is not int or amount <= 0:
        raise LedgerError(_("The amount must be a whole number of chips above zero."))
    if amount > MAX_AMOUNT:
        raise LedgerError(_("That amount is too large."))
    return amount


def _require_active(membership: Membership) -> None:
    if not membership.is_active:
        raise NotAllowed(_("Only active members can hold chips."))
    # Read now, not from the row joined to his membership: a grant that waited for his row while a
    # switch-off held it read the account as it was before, and booked into one off (review 116).
    membership.user.is_active = (
        User.objects.filter(pk=membership.user_id).values_list("is_active", flat=True).first() or False
    )
    if not membership.user.is_active:
        # Switched off by the site's operators: he cannot log in to play them, and a grant read
        # as done left the club's treasury short for nobody (stop 28's review).
        raise NotAllowed(
            _("%(name)s's account has been switched off by the site's operators: no chips can go to it.")
            % {"name": membership.user.shown_name}
        )


def _key(prefix: str, idempotency_key: str | None) -> str:
    return idempotency_key or f"{prefix}:{uuid.uuid4().hex}"


def grant_within_limits(*, membership: Membership, amount: int, actor: User) -> None:
    """The club's caps: on a single grant, and on a grant into the actor's own wallet."""
    club = membership.club
    if amount > club.grant_limit:
        raise LedgerError(
            ngettext(
                "A single grant in this club can be at most %(limit)s chip.",
                "A single grant in this club can be at most %(limit)s chips.",
                club.grant_limit,
            )
            % {"limit": club.grant_limit}
        )
    if membership.user_id == actor.pk and amount > club.self_grant_limit:
        raise NotAllowed(
            ngettext(
                "You can grant yourself at most %(limit)s chip at a time in this club.",
                "You can grant yourself at most %(limit)s chips at a time in this club.",
                club.self_grant_limit,
            )
            % {"limit": club.self_grant_limit}
        )


def chips_grant_result(
    *,
    membership: Membership,
    amount: int,
    actor: User,
    reason: str,
    idempotency_key: str | None = None,
    approved: bool = False,
) -> PostResult:
    """A manager issues chips from the club's treasury into a member's wallet.

    The club caps a single grant (``Club.grant_limit``) and a grant into the actor's own wallet
    (``Club.self_grant_limit``). ``created`` is False when ``idempotency_key`` already booked this
    same grant (same member and amount): nothing is booked twice and the caller can say so. The key
    reused for another member or amount is refused with ``IdempotencyConflict``: nothing is booked."""
    amount = _amount(amount)
    reason = (reason or "").strip()
    if not reason:
        raise LedgerError(_("Say why the chips are granted."))
    club = membership.club
    membership_require_manager(club=club, actor=actor)
    _require_active(membership)
    grant_within_limits(membership=membership, amount=amount, actor=actor)
    if not approved and (amount > club.four_eyes_above or membership.user_id == actor.pk):
        # Four eyes: ledger.services.adjustments files these for a second manager.
        raise NotAllowed(_("This grant needs a second manager's approval."))

    def post() -> PostResult:
        try:
            result = journal_post_result(
                club=club,
                kind=Kind.GRANT,
                idempotency_key=_key("grant", idempotency_key),
                actor=actor,
                memo=reason[:500],
                lines=[
                    (account_treasury(club=club), -amount),
                    (account_wallet(membership=membership), amount),
                ],
            )
        except IdempotencyConflict as exc:
            raise IdempotencyConflict(
                _(
                    "This grant form was already used for a grant to another member or of another "
                    "amount, so nothing was booked. Reload the page to make a new grant."
                )
            ) from exc
        if result.created:
            audit_log_write(
                action="chips.granted",
                actor=actor,
                club=club,
                target_user=membership.user,
                data={"amount": amount, "reason": reason[:500], "journal": result.journal.pk},
            )
        return result

    return run_in_transaction(post)


def chips_grant(
    *,
    membership: Membership,
    amount: int,
    actor: User,
    reason: str,
    idempotency_key: str | None = None,
    approved: bool = False,
) -> Journal:
    """``chips_grant_result`` for callers that only need the journal."""
    return chips_grant_result(
        membership=membership,
        amount=amount,
        actor=actor,
        reason=reason,
        idempotency_key=idempotency_key,
        approved=approved,
    ).journal


def chips_revoke(
    *,
    membership: Membership,
    amount: int,
    actor: User,
    reason: str,
    idempotency_key: str | None = None,
    approved: bool = False,
) -> Journal:
    """``chips_revoke_result`` for callers that only need the journal."""
    return chips_revoke_result(
        membership=membership,
        amount=amount,
        actor=actor,
        reason=reason,
        idempotency_key=idempotency_key,
        approved=approved,
    ).journal


def revoke_short(*, membership: Membership, amount: int, balance: int) -> InsufficientChips:
    """A revoke larger than the wallet, said with the chips he has at tables: "the wallet holds 50"
    alone left the manager wondering where the 400 he had seen on the member's page went."""
    text = ngettext(
        "Not enough chips: the %(account)s holds %(balance)s, %(needed)s is needed.",
        "Not enough chips: the %(account)s holds %(balance)s, %(needed)s are needed.",
        amount,
    ) % {"account": str(Account.Kind.WALLET.label).lower(), "balance": balance, "needed": amount}
    at_tables = sum(row.chips for row in chips_at_tables(membership=membership))
    if at_tables:
        text += " " + ngettext(
            "%(chips)s more chip is at tables: it comes back to the wallet when the member leaves them.",
            "%(chips)s more chips are at tables: they come back to the wallet when the member leaves them.",
            at_tables,
        ) % {"chips": at_tables}
    return InsufficientChips(text)


def chips_revoke_result(
    *,
    membership: Membership,
    amount: int,
    actor: User,
    reason: str,
    idempotency_key: str | None = None,
    approved: bool = False,
) -> PostResult:
    """A manager takes chips from a member's wallet back into the treasury: a plain member's, or (the
    owner) a manager's. ``created`` is False when ``idempotency_key`` already booked it."""
    amount = _amount(amount)
    reason = (reason or "").strip()
    if not reason:
        raise LedgerError(_("Say why the chips are revoked."))
    club = membership.club
    mine = membership_require_manager(club=club, actor=actor)
    membership_require_rank(mine=mine, target=membership)
    if not approved and amount > club.four_eyes_above:
        raise NotAllowed(_("This revoke needs a second manager's approval."))

    def post() -> PostResult:
        result = journal_post_result(
            club=club,
            kind=Kind.REVOKE,
            idempotency_key=_key("revoke", idempotency_key),
            actor=actor,
            memo=reason[:500],
            lines=[(account_wallet(membership=membership), -amount), (account_treasury(club=club), amount)],
        )
        if result.created:
            audit_log_write(
                action="chips.revoked",
                actor=actor,
                club=club,
                target_user=membership.user,
                data={"amount": amount, "reason": reason[:500], "journal": result.journal.pk},
            )
        return result

    try:
        return run_in_transaction(post)
    except InsufficientChips:
        # Said again with his chips at tables (a repeat of a revoke already booked is no refusal).
        raise revoke_short(
            membership=membership, amount=amount, balance=wallet_balance(membership=membership)
        ) from None


def table_buy_in(
    *, membership: Membership, table_id: int, amount: int, idempotency_key: str | None = None
) -> Journal:
    """A player brings chips from his wallet to his stack at a table."""
    amount = _amount(amount)
    _require_active(membership)

    def post() -> Journal:
        result = journal_post_result(
            club=membership.club,
            kind=Kind.BUY_IN,
            idempotency_key=_key("buy_in", idempotency_key),
            actor=membership.user,
            lines=[
                (account_wallet(membership=membership), -amount),
                (account_stack(membership=membership, table_id=table_id), amount),
            ],
        )
        if result.created:
            audit_log_write(
                action="chips.bought_in",
                actor=membership.user,
                club=membership.club,
                target_user=membership.user,
                data={"amount": amount, "table": table_id, "journal": result.journal.pk},
            )
        return result.journal

    return run_in_transaction(post)


def table_leave(
    *, membership: Membership, table_id: int, amount: int | None = None, idempotency_key: str | None = None
) -> Journal | None:
    """Chips go from the player's stack back to his wallet: ``amount``, or the whole stack.
    Returns None when there is nothing to move."""
    if amount is not None:
        amount = _amount(amount)

    def post() -> Journal | None:
        stack = account_stack(membership=membership, table_id=table_id)
        moved = amount
        if moved is None:
            # Read under the row lock, so a payout committing meanwhile is not left behind.
            moved = Account.objects.select_for_update().values_list("balance", flat=True).get(pk=stack.pk)
            if moved == 0:
                return None
        result = journal_post_result(
            club=membership.club,
            kind=Kind.LEAVE,
            idempotency_key=_key("leave", idempotency_key),
            actor=membership.user,
            lines=[(stack, -moved), (account_wallet(membership=membership), moved)],
        )
        if result.created:
            audit_log_write(
                action="chips.left_table",
                actor=membership.user,
                club=membership.club,
                target_user=membership.user,
                data={"amount": moved, "table": table_id, "journal": result.journal.pk},
            )
        return result.journal

    return run_in_transaction(post)


# The deal movements of RULES.md 6.8: kind -> (source, destination), each "stack", "hold" or "bank".
DEAL_MOVES: dict[str, tuple[str, str]] = {
    Kind.ANTE: ("stack", "bank"),
    Kind.HOLD: ("stack", "hold"),
    Kind.RELEASE: ("hold", "stack"),
    Kind.PENALTY: ("hold", "bank"),
    Kind.PAYOUT: ("bank", "stack"),
}


def _seat_account(where: str, *, membership: Membership, table_id: int) -> Account:
    if where == "stack":
        return account_stack(membership=membership, table_id=table_id)
    if where == "hold":
        return account_hold(membership=membership, table_id=table_id)
    return account_bank(club=membership.club, table_id=table_id)


def deal_move(
    *, kind: str, membership: Membership, table_id: int, amount: int, idempotency_key: str, deal: Any = None
) -> Journal:
    """One movement of RULES.md 6.8 for one seat (system action: no audit row; the journal is the
    record)."""
    if kind not in DEAL_MOVES:
        raise LedgerError(_("Unknown deal movement “%(kind)s”.") % {"kind": kind})
    amount = _amount(amount)
    src, dst = DEAL_MOVES[kind]

    def post() -> Journal:
        return journal_post_result(
            club=membership.club,
            kind=kind,
            idempotency_key=idempotency_key,
            deal=deal,
            lines=[
                (_seat_account(src, membership=membership, table_id=table_id), -amount),
                (_seat_account(dst, membership=membership, table_id=table_id), amount),
            ],
        ).journal

    return run_in_transaction(post)


class DealMoveService(Protocol):
    def __call__(
        self, *, membership: Membership, table_id: int, amount: int, idempotency_key: str, deal: Any = None
    ) -> Journal: ...


def _deal_move_of(kind: str) -> DealMoveService:
    """``deal_move`` with its kind fixed: one named service per movement of RULES.md 6.8."""

    def service(
        *, membership: Membership, table_id: int, amount: int, idempotency_key: str, deal: Any = None
    ) -> Journal:
        return deal_move(
            kind=kind,
            membership=membership,
            table_id=table_id,
            amount=amount,
            idempotency_key=idempotency_key,
            deal=deal,
        )

    service.__name__ = service.__qualname__ = f"deal_{kind}"
    service.__doc__ = f"The {kind!r} movement of RULES.md 6.8 for one seat (see ``deal_move``)."
    return service


deal_ante = _deal_move_of(Kind.ANTE)
deal_hold = _deal_move_of(Kind.HOLD)
deal_release = _deal_move_of(Kind.RELEASE)
deal_penalty = _deal_move_of(Kind.PENALTY)
deal_payout = _deal_move_of(Kind.PAYOUT)


def bank_close(
    *,
    club: Club,
    table_id: int,
    players: Sequence[Membership],
    actor: User | None = None,
    idempotency_key: str | None = None,
) -> Journal | None:
    """A session ended with chips in its bank: split them evenly among the last deal's players (into
    their wallets: they have left the table), the remainder to the treasury. None if the bank is empty."""
    players = list({m.pk: m for m in players}.values())
    for membership in players:
        if membership.club_id != club.pk:
            raise WrongClub(_("Every player must be a member of the table's club."))

    def post() -> Journal | None:
        bank = account_bank(club=club, table_id=table_id)
        # Lock the bank before reading it: the split must use the balance the journal will move.
        total = Account.objects.select_for_update().values_list("balance", flat=True).get(pk=bank.pk)
        if total == 0:
            return None
        share = total // len(players) if players else 0
        remainder = total - share * len(players)
        lines: list[tuple[Account, int]] = [(bank, -total)]
        if share:
            lines += [(account_wallet(membership=m), share) for m in players]
        if remainder:
            lines.append((account_treasury(club=club), remainder))
        result = journal_post_result(
            club=club,
            kind=Kind.BANK_CLOSE,
            idempotency_key=idempotency_key or f"bank_close:table:{table_id}",
            actor=actor,
            lines=lines,
            memo=gettext_noop("Bank of table %(table)s closed") % {"table": table_id},  # read in words
        )
        if result.created:
            audit_log_write(
                action="chips.bank_closed",
                actor=actor,
                club=club,
                target=f"table {table_id}",
                data={
                    "table": table_id,
                    "total": total,
                    "share": share,
                    "remainder": remainder,
                    "players": [m.pk for m in players],
                    "journal": result.journal.pk,
                },
            )
        return result.journal

    return run_in_transaction(post)
