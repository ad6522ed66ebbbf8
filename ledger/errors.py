"""Ledger refusals. They subclass the site's ``ServiceError`` so views show them like any other."""

from __future__ import annotations

from club.errors import ServiceError


class LedgerError(ServiceError):
    """A posting that was refused; nothing was written."""

    code = "ledger_invalid"


class UnbalancedJournal(LedgerError):
    code = "unbalanced"


class WrongClub(LedgerError):
    code = "wrong_club"


class InsufficientChips(LedgerError):
    """An account other than a treasury would go below zero."""

    code = "insufficient_chips"


class IdempotencyConflict(LedgerError):
    """An idempotency key that was already used for a different posting (other club, kind, accounts
    or amounts). A true repeat of the same request is not an error: it returns the first journal."""

    code = "idempotency_conflict"
