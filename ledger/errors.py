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
