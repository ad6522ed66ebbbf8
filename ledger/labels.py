"""How the books name people: display names are not unique (anyone may call himself "Vera"), so
wherever a manager reads or picks a member the username comes with it: "Vera (@vera)"."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from django.conf import settings
from django.utils import timezone, translation
from django.utils.dateparse import parse_datetime
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext_lazy

from club.models import User

from .models import Account, Journal


def user_label(user: User) -> str:
    return f"{user.shown_name} (@{user.username})"


#: What the club's total of each kind of account is, for the trial balance: a total an auditor cannot
#: read without knowing the design ("Treasury −4000") says so beside it.
ACCOUNT_KIND_WORDS = {
    Account.Kind.TREASURY: gettext_lazy(
        "Below zero by every chip the club has handed out: the other kinds hold them, so all sum to zero."
    ),
    Account.Kind.WALLET: gettext_lazy("The members' chips away from the tables."),
    Account.Kind.STACK: gettext_lazy("Chips in front of the players at the tables (bought in or won)."),
    Account.Kind.BANK: gettext_lazy(
        "Chips the tables' banks carry to their next deals; shared out when a session ends."
    ),
    Account.Kind.HOLD: gettext_lazy("Stakes in deals being played; released or lost when each deal ends."),
}


#: One chip movement of a deal as its booking writes it in a journal's memo: "payout 20 bank→stack:3"
#: (the deal's seats counted from 0).
_DEAL_MOVE = re.compile(
    r"(ante|hold|release|penalty|payout) (\d+) (bank|stack:\d+|hold:\d+)→(bank|stack:\d+|hold:\d+)"
)


def memo_words(memo: str) -> str:
    """A journal's memo for a reader. A deal's journals keep the booking's trail for the machine
    ("payout 20 bank→stack:3; release 40 hold:3→stack:3"), which read as English code to a Russian
    or Bulgarian manager; it is told in the reader's words ("Выплата 20: банк стола → стек за столом,
    игрок 4"). Any other memo, or a trail cut short at the memo's length, is shown as written."""
    moves = [_DEAL_MOVE.fullmatch(part) for part in memo.split("; ")] if "→" in memo else [None]
    if not all(moves):
        return memo
    return "; ".join(
        _("%(kind)s %(amount)s: %(source)s → %(target)s")
        % {
            "kind": Journal.Kind(move[1]).label,
            "amount": move[2],
            "source": _account_words(move[3]),
            "target": _account_words(move[4]),
        }
        for move in moves
        if move is not None
    )


def _account_words(endpoint: str) -> str:
    where, _colon, seat = endpoint.partition(":")
    label = Account.Kind(where).label
    if not seat:
        return str(label)
    return _("%(account)s, player %(n)s") % {"account": label, "n": int(seat) + 1}


#: Why a table's bank was closed, as the services store it (in English: see ``journal_memo_words``).
BANK_REASONS = {
    "the session ended": gettext_lazy("the session ended"),
    "nobody plays here any more": gettext_lazy("nobody plays here any more"),
    "chips moved back after the session ended": gettext_lazy("chips moved back after the session ended"),
}
_BANK_CLOSED = re.compile(r"Bank of table “(?P<title>.*)”: (?P<reason>.+)", re.DOTALL)
_BANK_SHARED = re.compile(r"Bank of table “(?P<title>.*)” shared: too few players can pay to deal", re.DOTALL)
_BANK_CLOSED_BY_ID = re.compile(r"Bank of table (?P<table>\d+) closed")


def _bank_memo_words(memo: str) -> str:
    """The memo of a table's bank closed or shared out, written by the site (in English, whoever or
    whatever closed it: the clock's worker has no reader), in the reader's words."""
    if match := _BANK_CLOSED.fullmatch(memo):
        reason = BANK_REASONS.get(match["reason"])
        if reason is not None:
            return _("Bank of table “%(title)s”: %(reason)s") % {"title": match["title"], "reason": reason}
    elif match := _BANK_SHARED.fullmatch(memo):
        shared = _("Bank of table “%(title)s” shared: too few players can pay to deal")
        return shared % {"title": match["title"]}
    elif match := _BANK_CLOSED_BY_ID.fullmatch(memo):
        return _("Bank of table %(table)s closed") % {"table": match["table"]}
    return memo


#: Memos the site writes in the language of whoever caused them: a manager who grants a member's
#: request without a note, a journal moved back without one. The member reads them on his statement,
#: maybe in another language ("По просьбе участника" on a Bulgarian page): they are read back in the
#: reader's words, whichever of the site's languages they were written in.
_ASKED_FOR = gettext_noop("Asked for by the member")
_REVERSAL = gettext_noop("Reversal of journal #%(id)s")
REVERSAL_WORDS = _REVERSAL


def _written(source: str) -> set[str]:
    """``source`` as each of the site's languages writes it."""
    forms = {source}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            forms.add(_(source))
    return forms


@cache
def _asked_for_forms() -> frozenset[str]:
    return frozenset(_written(_ASKED_FOR))


@cache
def _reversal_forms() -> tuple[re.Pattern[str], ...]:
    return tuple(
        re.compile(r"(?P<id>\d+)".join(re.escape(part) for part in form.split("%(id)s")))
        for form in _written(_REVERSAL)
    )


def _site_memo_words(memo: str) -> str | None:
    if memo in _asked_for_forms():
        return _(_ASKED_FOR)
    for pattern in _reversal_forms():
        if match := pattern.fullmatch(memo):
            return _(_REVERSAL) % {"id": match["id"]}
    return None


def journal_words(journal: Journal) -> str:
    """``journal_memo_words`` of a journal row: its statement line, CSV cell and admin column."""
    return journal_memo_words(
        kind=journal.kind, memo=journal.memo, deal_id=journal.deal_id, reversal_of=journal.reversal_of_id
    )


def journal_memo_words(*, kind: str, memo: str, deal_id: int | None, reversal_of: int | None = None) -> str:
    """A journal's memo as every page of the books shows it: a deal's booking trail and the site's
    own memos in the reader's words; anything else (a manager's reason for a grant, a player's
    words) as written. A reversal (``reversal_of``: the journal it moves back) always names that
    journal: booked with a manager's note, it stored the note alone, and the statement read
    "Reversal · moved back · −40" with nothing saying what was moved back."""
    if kind in (Journal.Kind.GRANT, Journal.Kind.REVERSAL) and (site := _site_memo_words(memo)) is not None:
        return site
    if kind == Journal.Kind.REVERSAL and reversal_of is not None:
        if not memo:
            return _(_REVERSAL) % {"id": reversal_of}
        return _("Reversal of journal #%(id)s: %(note)s") % {"id": reversal_of, "note": memo}
    if deal_id is not None:
        return memo_words(memo)
    if kind in (Journal.Kind.BANK_CLOSE, Journal.Kind.PAYOUT):
        return _bank_memo_words(memo)
    return memo


#: What each of reconciliation's checks found, said to a club's managers (ledger/services/reconcile.py
#: and chain.py write the checks; ``%(account)s`` is the account as the books name it).
_DIFFERENCE_WORDS = {
    "account_balance": ngettext_lazy(
        "%(account)s: %(stored)s chip on record, %(counted)s by its entries",
        "%(account)s: %(stored)s chips on record, %(counted)s by its entries",
        "chips",
    ),
    "entry_balance_after": gettext_noop(
        "%(account)s: entry #%(entry)s of journal #%(journal)s says %(stored)s after it, "
        "the entries up to it add up to %(counted)s"
    ),
    "negative_balance": ngettext_lazy(
        "%(account)s is below zero: %(stored)s chip", "%(account)s is below zero: %(stored)s chips", "chips"
    ),
    "account_member": gettext_noop("%(account)s no longer belongs to the member it was opened for"),
    "club_total": gettext_noop("the club's chips add up to %(total)s, not 0"),
    "journal_balance": gettext_noop(
        "journal #%(journal)s does not balance: its %(count)s entries add up to %(total)s"
    ),
    "entry_club": gettext_noop("entry #%(entry)s of journal #%(journal)s moves another club's chips"),
    "stranded_hold": ngettext_lazy(
        "%(account)s: %(stored)s chip left in it after deal #%(deal)s ended",
        "%(account)s: %(stored)s chips left in it after deal #%(deal)s ended",
        "chips",
    ),
    "stranded_bank": ngettext_lazy(
        "%(account)s: %(stored)s chip left in the bank of a closed table",
        "%(account)s: %(stored)s chips left in the bank of a closed table",
        "chips",
    ),
    "stranded_stack": ngettext_lazy(
        "%(account)s: %(stored)s chip left in it at a closed table",
        "%(account)s: %(stored)s chips left in it at a closed table",
        "chips",
    ),
    "chain": gettext_noop("journals sealed on %(when)s were changed afterwards"),
    "checkpoint": gettext_noop("seal #%(checkpoint)s was changed or removed"),
}
#: Differences said one by one; the rest are counted ("and 5 more").
DIFFERENCES_SHOWN = 10


def differences_words(differences: list[Any]) -> str:
    """Reconciliation's differences in the reader's words: "2 — Wallet · Vera (@vera) · #2: 15 chips
    on record, 10 by its entries; …". The audit row keeps them as data (check, account id, numbers);
    the run that has them all is for the site's operators only, so this is all a manager reads."""
    # The log row keeps the first ones and counts the rest in a last "more" row (ledger.services.
    # reconcile.differences_kept): the total said is all of them, not the rows kept.
    more = [d for d in differences if isinstance(d, dict) and d.get("check") == "more"]
    listed = [d for d in differences if d not in more]
    total = len(listed) + sum(d["count"] for d in more if isinstance(d.get("count"), int))
    shown = [d for d in listed[:DIFFERENCES_SHOWN] if isinstance(d, dict)]
    account_ids = {d["account"] for d in shown if isinstance(d.get("account"), int)}
    accounts = Account.objects.select_related("member__user").in_bulk(account_ids)
    lines = [_difference_words(d, accounts) for d in shown]
    if total > len(shown):
        lines.append(_("and %(count)s more") % {"count": total - len(shown)})
    return f"{total} — " + "; ".join(lines)


def _difference_words(difference: dict[str, Any], accounts: dict[int, Account]) -> str:
    check = difference.get("check")
    if check not in _DIFFERENCE_WORDS:
        return str(check)
    account = accounts.get(difference.get("account"))  # type: ignore[arg-type]
    sealed = parse_datetime(difference.get("sealed_at") or "")
    params = {
        "account": str(account) if account else _("account #%(id)s") % {"id": difference.get("account")},
        "stored": difference.get("stored"),
        "counted": difference.get("from_entries", difference.get("running_sum")),
        "entry": difference.get("entry"),
        "journal": difference.get("journal"),
        "total": difference.get("total"),
        "count": difference.get("entries"),
        "deal": difference.get("deal"),
        "checkpoint": difference.get("checkpoint"),
        "when": date_format(timezone.localtime(sealed), "SHORT_DATETIME_FORMAT") if sealed else "?",
    }
    words = _DIFFERENCE_WORDS[check]
    if not isinstance(words, str):
        # A count of chips picks its sentence's form by how many there are, below zero as above.
        stored = params["stored"]
        return words % {**params, "chips": abs(stored) if isinstance(stored, int) else 0}
    return _(words) % params
