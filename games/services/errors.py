"""Refusals of the table services: a code and parameters; the words come in the reader's language.

A ``TableError`` raised in a worker thread is shown by a consumer that may speak another language,
so the sentence is made when it is read (``message``), not when the error is raised.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from club.errors import ServiceError
from club.templatetags.sentences import moment

_MESSAGES = {
    "not_member": _("Only active members of this club can play at its tables."),
    "logged_out": _("You logged out: log in again to play."),
    "password_changed": _(
        "The password of your account was changed (on another device, perhaps), which ended this "
        "login: log in again with the new password to play. If you did not change it, reset it now."
    ),
    "switched_off": _(
        "The site's administrators have switched your account off: it can no longer play or log in. "
        "If you think this is a mistake, write to them."
    ),
    "other_account": _(
        "This page was opened for another account: you have logged in as someone else since (in another "
        "tab, perhaps). Reload the page to see the table as the account you are logged in as now."
    ),
    "too_many_sockets": _("You have %(count)s tables open already: close a tab or two and reload this page."),
    "too_many_connects": _(
        "This page connected to the tables too many times in a short while: wait a minute, then reload it."
    ),
    "banned": _("You are banned from this club."),
    "banned_until": _("You are banned from this club until %(until)s. Reason: %(reason)s"),
    "banned_for": _("You are banned from this club. Reason: %(reason)s"),
    "suspended": _("You are suspended from this club's tables until %(until)s. Reason: %(reason)s"),
    "not_manager": _("Only the club's managers can do this."),
    "no_table": _("This table does not exist."),
    "not_found": _("This table does not exist, or only the members of its club may see it."),
    "table_closed": _("This table is not open for play."),
    "table_ending": _("This table's time is over: it closes when this deal ends."),
    "no_deal": _("No deal is being played at this table right now."),
    "reverse_mid_deal": _(
        "A deal is being played at this table: move chips back between deals (or after the session)."
    ),
    "already_reversed": _("This journal has already been moved back; it cannot be moved back twice."),
    "reverse_reversal": _("This journal is itself a move back; it cannot be moved back in turn."),
    "reverse_no_effect": _(
        "This journal only moved a player's chips between his own stack and hold: moving it back "
        "would change nothing. Choose another journal of the deal."
    ),
    "reverse_short": _("The chips cannot be moved back, so nothing was changed: %(problem)s"),
    "flag_own": _("This flag names you: another manager must dismiss it (you may report it)."),
    "reverse_own": _(
        "This journal moved your own chips: a second manager must move it back, as with any grant "
        "to yourself."
    ),
    "stale": _("The table moved on before your move arrived; look again and make your move."),
    "move_made": _("Your move is already made."),
    "clock_moved": _(
        "Your move came too late: the clock had already moved for you (your time ran out, or you are marked "
        "away)."
    ),
    "not_your_turn": _("It is not your turn."),
    "illegal_action": _("That move is not allowed now."),
    # A wrong number of cards ticked in the plain form (the page's script lets no such form go): the
    # move is his, the count is the fault (review 122). Said with a colon: no noun to agree with it.
    "card_count": _("Choose the cards to exchange: from %(low)s to %(high)s."),
    "card_count_exchange": _("Choose the cards to exchange: exactly %(low)s."),
    "card_count_discard": _("Choose the cards to discard: exactly %(low)s."),
    "not_seated": _("You are not sitting at this table."),
    "left_already": _("You have already left this table."),
    "leaving_already": _("You have already asked to leave: you leave the table when this deal ends."),
    "stood_up_away": _("You were stood up after two deals away; your chips are back in your wallet."),
    "stood_up_away_practice": _("You were stood up after two deals away."),
    "stood_up_idle": _(
        "You were stood up after ten minutes without a sign of life at this table; your chips are back "
        "in your wallet."
    ),
    "stood_up_idle_practice": _("You were stood up after ten minutes without a sign of life at this table."),
    # Away with no page of the table open, his seat taken by a member who wanted to play (review 148).
    "stood_up_seat_wanted": _(
        "You were stood up while you were away with no page of this table open: a player who wanted "
        "to play took your seat. Your chips are back in your wallet."
    ),
    "stood_up_seat_wanted_practice": _(
        "You were stood up while you were away with no page of this table open: a player who wanted "
        "to play took your seat."
    ),
    "stood_up_by_manager": _(
        "A manager stood you up from this table (%(reason)s); your chips are back in your wallet."
    ),
    "stood_up_by_manager_practice": _("A manager stood you up from this table (%(reason)s)."),
    "closed_cancelled": _(
        "This table was cancelled while you sat there; your chips are back in your wallet."
    ),
    "closed_cancelled_practice": _("This table was cancelled while you sat there."),
    "closed_ended": _("This table has closed; your chips are back in your wallet."),
    "closed_ended_practice": _("This table has closed."),
    "not_in_deal": _("You are not dealt in this deal: wait for a deal you play in."),
    "no_player_at": _("Nobody plays at seat %(n)s."),
    "seat_changed": _(
        "Seat %(n)s has changed hands since the list was shown: nobody was stood up. Look again."
    ),
    "no_bot_at": _("There is no bot at seat %(n)s."),
    # The same form sent again (a double click, a second tab) once its seat was left: said as news.
    "bot_left": _("The bot at seat %(n)s has already left the table."),
    "player_left": _("The player at seat %(n)s has already left the table."),
    "already_leaving": _("This player already leaves the table after the deal in play."),
    "stand_up_self": _("You cannot stand yourself up: use “Leave the table” instead."),
    "bot_leaving": _("The bot at seat %(n)s already leaves the table after the deal in play."),
    "removed": _("You were stood up from this table: your seat plays by default moves until this deal ends."),
    "removed_sit": _("You were stood up from this table: you may sit down again once this deal ends."),
    "already_seated": _("You already sit at this table."),
    "seat_taken": _("That seat is taken."),
    "bot_there": _("A bot already sits at seat %(n)s."),
    "no_such_seat": _("This table has seats 1 to %(count)s."),
    "buy_in_range": _("Bring between %(low)s and %(high)s chips to this table."),
    # The plain seat forms' own words, the field named as the form names it (a socket's number that
    # is none is a "bad_message").
    "buy_in_not_whole": _("“%(name)s”: the buy-in must be a whole number of chips."),
    # "You have 1 chips" (review 121): the sentence's number is the balance.
    "not_enough_chips": ngettext_lazy(
        "You have %(balance)s chip; this buy-in needs %(needed)s.",
        "You have %(balance)s chips; this buy-in needs %(needed)s.",
        "balance",
    ),
    "already_away": _("You are already marked away."),
    "not_away": _("You are not marked away."),
    "bad_session": _("%(problem)s"),
    "table_twin": _(
        "At %(when)s you opened a table with the same title and start. To open a second one like it, "
        "tick “Open another table like it” and send the form again."
    ),
    "starts_too_far": _("A table can be scheduled at most %(days)s days ahead."),
    "lasts_too_long": _("A table can last at most %(days)s days from its start."),
    "weekly_too_long": _(
        "A weekly table can last at most %(days)s days from its start, so that each week ends "
        "before the next one opens its seats."
    ),
    "bad_message": _("That message could not be read: %(problem)s"),
    "rate_limited": _("Slow down: too many messages at once."),
    "reason_needed": _("Say why."),
    "bad_report": _("Choose a reason from the list; a comment is at most 1,000 characters."),
    "already_reported": _("You have already reported this deal; the managers will answer."),
    "reports_limit": _(
        "You have sent %(limit)s reports in the last day: the managers will answer them first. Try "
        "again tomorrow."
    ),
    "practice_limit": _(
        "You have opened %(limit)s practice tables in the last day, as many as one player may: you may "
        "open another tomorrow."
    ),
    "sits_limit": _(
        "You have sat down at this table %(limit)s times in the last hour: you may sit down again at "
        "%(when)s."
    ),
    "bots_limit": _(
        "You have seated %(limit)s bots at this table in the last hour: you may seat another at %(when)s."
    ),
    "reservations_limit": _(
        "You have reserved a seat at this table %(limit)s times in the last hour: you may reserve "
        "again after %(when)s."
    ),
    "no_report": _("This report does not exist."),
    "report_answered": _("Another manager has already answered this report."),
    "report_answered_yours": _("You have already answered this report."),
    "flag_decided": _("Another manager has already decided on this flag."),
    "flag_dismissed_yours": _("You have already dismissed this flag."),
    "flag_reported_yours": _("You have already reported this flag."),
    "note_needed": _("Write a note for the player who reported (at most 1,000 characters)."),
    "pick_member": _("Choose the player this is about."),
    "pick_until": _("Say until when."),
    "pick_journal": _("Choose a journal of this deal to move back."),
    "bad_contribution": _("Your random string must be 1 to 64 printable characters."),
    "no_pending_deal": _("There is no deal waiting for your randomness."),
    "late_contribution": _(
        "Your random string came after the deal it was for had been dealt; your browser adds one to the next "
        "deal."
    ),
    "reservations_closed": _("Seats can be reserved only before the session starts."),
    "table_cancelled": _("This table was cancelled."),
    "cancel_closed": _("This table is already over or cancelled."),
    "skip_not_weekly": _(
        "This table does not repeat weekly, so there is no later week to keep: cancel it instead."
    ),
    "move_weekly": _(
        "A weekly table keeps its day and hour: skip this week and schedule a one-off table at the new time, "
        "or cancel the series and schedule it again."
    ),
    "move_started": _("This table's start has come: it can no longer be moved; cancel it instead."),
    "move_past": _("Choose a start still to come."),
    "move_seated": _(
        "Players sit at this table already: it can start at most 15 minutes from now (its seating time), "
        "or be cancelled."
    ),
    "move_same": _("This table already starts at %(when)s."),
    "move_moved": _(
        "Another manager has moved this table since your page was shown: it now starts at %(when)s. Nothing "
        "was changed; check the new start and send it again."
    ),
    "cancel_played": _(
        "Deals have been played at this table, so it cannot be cancelled: it closes at its end time, or once "
        "nobody plays at it."
    ),
    # The same refusal where the table's case is known: it said "or once nobody plays at it" of a table
    # nobody played at, which an end time to come keeps open, and "at its end time" of one with none.
    "cancel_played_ends": _(
        "Deals have been played at this table, so it cannot be cancelled: it closes at its end time, "
        "%(until)s."
    ),
    "cancel_played_open": _(
        "Deals have been played at this table, so it cannot be cancelled while somebody plays at it: once "
        "nobody does, it can be closed."
    ),
    "already_reserved": _("You already hold seat %(n)s at this session."),
    "seat_reserved": _("That seat is reserved for another player until the session starts."),
    "seat_held": _("That seat is held for another player until %(until)s."),
    "already_contributed": _("You have already added your randomness to the next deal."),
}


#: Refusals that say the person's own request is already done (his answer or click sent again).
_DONE = frozenset({"already_reported"})


def _shown(value: Any) -> Any:
    """A date in a sentence reads as a date, in the reader's time zone, named: as the club page's
    notice of a ban or a suspension writes it (review 156), which stood beside this refusal once she
    pressed "Reserve" on a page left open, written another way (review 160)."""
    if isinstance(value, datetime):
        return moment(value)
    return value


class TableError(ServiceError):
    """A refused table request. ``code`` is stable (tests and clients key on it); ``params`` fill
    the sentence. ``words`` picks another sentence for the same code (his own answer sent again is
    still a "report_answered", told as his); ``done``: what was asked is already so (see
    ``ServiceError.done``)."""

    def __init__(self, code: str, *, words: str | None = None, done: bool = False, **params: Any) -> None:
        if code not in _MESSAGES or (words is not None and words not in _MESSAGES):
            raise AssertionError(f"unknown table error code {code!r}")
        self.params = params
        self.words = words or code
        self._done = done
        super().__init__("", code=code)

    @property  # type: ignore[override]
    def message(self) -> str:
        params = {k: _shown(v) for k, v in self.params.items()}
        words = self.words
        # The lazy sentence itself takes the values: a plural one picks its form by its number.
        text = str(_MESSAGES[words] % params) if params else str(_MESSAGES[words])
        # A time of day ends with a full stop in English ("5:05 a.m."), and so does the sentence
        # ("... until %(until)s."): one is enough.
        for key, value in self.params.items():
            shown = params[key]
            if isinstance(value, datetime) and shown.endswith("."):
                text = text.replace(f"{shown}.", shown)
        return text

    @message.setter
    def message(self, value: str) -> None:
        # ServiceError.__init__ assigns a message; this error makes its own in the reader's language.
        pass

    @property  # type: ignore[override]
    def done(self) -> bool:
        return self._done or self.words in _DONE

    @done.setter
    def done(self, value: bool) -> None:
        pass

    def __str__(self) -> str:
        return self.message
