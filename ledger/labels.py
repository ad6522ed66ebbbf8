"""How the books name people: display names are not unique (anyone may call himself "Vera"), so
wherever a manager reads or picks a member the username comes with it: "Vera (@vera)"."""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from club.models import User

from .models import Account, Journal


def user_label(user: User) -> str:
    return f"{user.shown_name} (@{user.username})"


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
