"""Opening tables: a manager's session, or any member's practice table with bots."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from club.confusables import invisible_characters, private_use
from club.models import INVISIBLE_MESSAGE, Club, Membership, User
from club.services import audit_log_write
from ledger.services.posting import MAX_AMOUNT

from ..engine import PRESETS, RulesError, rules_with_overrides
from ..engine.rules import table_rules_check
from ..models import TableSession
from ..rules_errors import rules_error_text
from .access import club_names_hold, membership_lock
from .dealing import pending_seed_draw
from .errors import TableError
from .notify import table_notify_on_commit
from .schedule import MAX_WEEKLY_LENGTH, SEATING_OPENS, _next_week

MAX_TITLE = 80
TITLE_PRIVATE_USE_MESSAGE = gettext_lazy(
    "A table's title cannot hold private-use characters (such as U+E000): each device draws them its "
    "own way, or not at all, so members would not read the title you see. Please type it without them."
)
PRACTICE_STAKE = 5
PRACTICE_CHIPS = 500
#: How far in the past a start may be (a form filled in a minute ago): it then means "now".
START_SLACK = timedelta(minutes=5)
#: How far ahead a table may be scheduled. A date near the end of the calendar (year 9999, a slip of
#: the keyboard) overflows when shown in a time zone ahead of UTC, is stored as year 10000 from one
#: behind it (which PostgreSQL keeps and psycopg cannot read), and breaks the weekly repeat.
MAX_START_AHEAD = timedelta(days=365)
#: How long one session may last from its start: a club evening, or a weekend tournament at most;
#: also keeps the end far from the calendar's limit.
MAX_LENGTH = timedelta(days=7)
#: How recent a table of the same title and start, opened by the same manager, is taken for the one
#: his form is opening again (Back pressed after saving: the page is fetched anew, with a new token).
TWIN_WINDOW = timedelta(minutes=10)


def _problem(text: str, field: str | None = None) -> TableError:
    """A refused value; ``field``: the form field that holds it, where the forms say it (review 68:
    the admin's form said each one at its top, away from the field)."""
    error = TableError("bad_session", problem=text)
    error.field = field  # type: ignore[attr-defined]
    return error


def _whole(value: Any, name: str, low: int, high: int, field: str | None = None) -> int:
    from django.utils.translation import gettext as _

    if type(value) is not int or not low <= value <= high:
        raise _problem(
            _("%(name)s must be a whole number from %(low)s to %(high)s.")
            % {"name": name, "low": low, "high": high},
            field,
        )
    return value


def table_dates_check(
    *, starts_at: datetime | None, ends_at: datetime | None, now: datetime, weekly: bool = False
) -> None:
    """Refuse a start or an end beyond the horizon (``MAX_START_AHEAD``, ``MAX_LENGTH``, a weekly
    table's ``MAX_WEEKLY_LENGTH``); the form asks the same question so the manager reads the refusal
    beside the field he typed it in."""
    if starts_at is not None and starts_at > now + MAX_START_AHEAD:
        raise TableError("starts_too_far", days=MAX_START_AHEAD.days)
    begins = max(starts_at or now, now)
    if ends_at is not None and ends_at > begins + MAX_LENGTH:
        raise TableError("lasts_too_long", days=MAX_LENGTH.days)
    if weekly and ends_at is not None and ends_at > begins + MAX_WEEKLY_LENGTH:
        raise TableError("weekly_too_long", days=MAX_WEEKLY_LENGTH.days)


def table_session_create(
    *,
    club: Club,
    actor: User,
    title: str,
    preset: str,
    overrides: dict[str, Any] | None = None,
    stake: int,
    seat_count: int,
    min_players: int | None = None,
    buy_in_min: int,
    buy_in_max: int,
    turn_seconds: int = 30,
    starts_at: datetime | None = None,
    ends_at: datetime | None = None,
    practice: bool = False,
    repeat_weekly: bool = False,
    create_key: str | None = None,
    twin_ok: bool = True,
) -> TableSession:
    """Open a table (managers; ``practice_table_open`` is every member's way). Every value is checked
    here, whatever form or admin sent it: the rules through the engine's own validation.

    ``twin_ok=False`` (the forms, until their "open another table like it" is ticked): a table of
    the same title and start that the same manager opened in the last ``TWIN_WINDOW`` is refused as
    ``table_twin`` (``exc.twin`` names it), not opened a second time."""
    from django.utils.translation import gettext as _

    membership = Membership.objects.filter(club=club, user=actor).first()
    # The site's operator schedules with the owner's powers, as he cancels and moves (review 65,
    # ``member_require_manager``): the admin offers him every club, and each table was refused.
    operator = actor.is_superuser and actor.is_active
    if not practice and not (membership is not None and membership.is_manager) and not operator:
        raise TableError("not_manager")
    if not practice and not operator and membership is not None and membership.is_suspended:
        # As cancelling or moving it (``member_require_manager``): he opened tables he could not run.
        raise TableError("suspended", until=membership.suspended_until, reason=membership.suspend_reason)
    if practice and not (membership is not None and membership.is_active):
        raise TableError("not_member")
    title = (title or "").strip()
    if not title or len(title) > MAX_TITLE or "\x00" in title:
        raise _problem(_("A table needs a title of 1 to %(n)s characters.") % {"n": MAX_TITLE}, "title")
    if invisible_characters(title, joined_emoji=True):
        # As for a club's name: a right-to-left override turned the title, and the row it is listed
        # in, round on every page and in every exported file; a zero-width space hid in it. The
        # joiners of an emoji ("Friday 👨‍💻") are no such thing: a title is no name kept apart.
        raise _problem(str(INVISIBLE_MESSAGE), "title")
    if not practice and private_use(title):
        # As for display and club names (review 112): each device draws one its own way, so members
        # read the table's name differently. A practice table's title is its owner's name, which
        # may be older than that rule: it is not his to retype here.
        raise _problem(str(TITLE_PRIVATE_USE_MESSAGE), "title")
    if preset not in PRESETS:
        raise _problem(_("Unknown game “%(preset)s”.") % {"preset": str(preset)[:40]}, "preset")
    if overrides is None:
        overrides = {}
    if not isinstance(overrides, dict):
        raise _problem(_("Rule changes must be a set of named parameters."), "overrides")
    try:
        rules = table_rules_check(rules_with_overrides(preset, overrides))
    except RulesError as exc:
        reason = rules_error_text(exc)
        words = _("These rule changes are not valid: %(error)s") % {"error": reason}
        raise _problem(words, "overrides") from None
    seats = _("The number of seats")
    seat_count = _whole(seat_count, seats, rules.min_players, rules.max_players, "seat_count")
    if min_players is None:
        min_players = max(2, rules.min_players)
    needed = _("The players needed to deal")
    min_players = _whole(min_players, needed, max(2, rules.min_players), seat_count, "min_players")
    stake = _whole(stake, _("The stake"), 1, MAX_AMOUNT // 1000, "stake")
    # Every chip of a table can move in one journal line (a payout of the whole bank). The smallest
    # buy-in too: checked against MAX_AMOUNT alone, one above this was refused beside the largest, as
    # "from 300000000000000 to 250000000000000", a range nothing fits.
    most = MAX_AMOUNT // max(seat_count, 1)
    buy_in_min = _whole(buy_in_min, _("The smallest buy-in"), stake, most, "buy_in_min")
    buy_in_max = _whole(buy_in_max, _("The largest buy-in"), buy_in_min, most, "buy_in_max")
    turn_seconds = _whole(turn_seconds, _("The seconds per turn"), 5, 600, "turn_seconds")
    now = timezone.now()
    table_dates_check(starts_at=starts_at, ends_at=ends_at, now=now, weekly=bool(repeat_weekly))
    if starts_at is not None and starts_at < now - START_SLACK:
        # A start long past would be cancelled as a no-show at once (and a weekly one would make a
        # session for every missed week).
        raise _problem(_("That start has passed: leave it empty to open the table now."), "starts_at")
    typed = starts_at
    starts_at = max(starts_at or now, now)
    # A weekly table typed for 20:00 at 20:03 opens now, but its weeks keep the hour typed: the
    # series counts each week from its first start, and "now" made every week begin at 20:03:27.
    first_start = typed if repeat_weekly and typed is not None and typed < starts_at else starts_at
    if repeat_weekly and typed is None:
        # Opened now, weekly: its weeks meet on the minute it was opened, as a typed start is read (every
        # week began at 20:03:27.412 and was shown "20:03").
        first_start = now.replace(second=0, microsecond=0)
    if ends_at is not None and ends_at <= now:
        # "must end after it starts" of a start he never typed ("Empty: now"), or of an end after the
        # start he typed a minute ago: the end is what is wrong, and why.
        raise _problem(_("That end has passed: choose an end still to come, or leave it empty."), "ends_at")
    if ends_at is not None and ends_at <= starts_at:
        raise _problem(_("A table must end after it starts."), "ends_at")
    # The token of the form that asks, with the club's id (a token copied into another club's form
    # opens a table there as usual) and what the form asks: the same form sent again finds its table.
    # The same token asking for another table (the form shown again by the back button, changed and
    # sent) opens that one: it found the first table, said "open", and opened nothing.
    asked = [title, preset, rules.to_json(), stake, seat_count, min_players, buy_in_min, buy_in_max]
    asked += [turn_seconds, typed, ends_at, bool(repeat_weekly), bool(practice)]
    digest = hashlib.sha256(json.dumps(asked, default=str, sort_keys=True).encode()).hexdigest()[:16]
    key = f"{club.pk}:{create_key}:{digest}"[:64] if create_key else None
    with transaction.atomic():
        if key is not None or not twin_ok:
            # The club's row, held to the end: the same form sent twice at once waits here for the
            # first, then finds its table (or its twin).
            Club.objects.select_for_update().filter(pk=club.pk).values_list("pk", flat=True).first()
        if key is not None:
            opened = TableSession.objects.filter(club=club, create_key=key).first()
            if opened is not None and opened.status in (
                TableSession.Status.CANCELLED,
                TableSession.Status.FINISHED,
            ):
                # Called off or over since (the form sent again to open it anew): a new table, not
                # the cancelled one told "open". The old one lets go of the key.
                TableSession.objects.filter(pk=opened.pk).update(create_key=None)
            elif opened is not None:
                return opened
        if not twin_ok and not practice:
            twin = _twin(club=club, actor=actor, title=title, typed=typed, first_start=first_start, now=now)
            if twin is not None:
                refusal = TableError("table_twin", when=twin.created_at)
                refusal.twin = twin  # type: ignore[attr-defined]
                raise refusal
        session = TableSession.objects.create(
            create_key=key,
            club=club,
            title=title,
            preset=preset,
            overrides=overrides,
            rules=rules.to_json(),
            stake=stake,
            seat_count=seat_count,
            min_players=min_players,
            buy_in_min=buy_in_min,
            buy_in_max=buy_in_max,
            turn_seconds=turn_seconds,
            starts_at=first_start,
            ends_at=ends_at,
            practice=practice,
            repeat_weekly=repeat_weekly,
            # The zone the form's times were read in: the scheduler's (the site shows him his own).
            time_zone=actor.time_zone or timezone.get_current_timezone_name(),
            status=TableSession.Status.OPEN
            if starts_at <= now + SEATING_OPENS
            else TableSession.Status.SCHEDULED,
            started_at=now if starts_at <= now else None,
            created_by=actor,
        )
        pending_seed_draw(session)
        session.series = session if repeat_weekly else None
        session.save(update_fields=["next_seed", "next_commitment", "series"])
        if repeat_weekly and session.started_at is not None:
            _next_week(session)  # started at once, it never passes through session_start, which does
        audit_log_write(
            action="table.opened",
            actor=actor,
            club=club,
            target=title,
            data={"table": session.pk, "preset": preset, "stake": stake, "practice": practice},
        )
        table_notify_on_commit(session.pk)
    return session


def _twin(
    *, club: Club, actor: User, title: str, typed: datetime | None, first_start: datetime, now: datetime
) -> TableSession | None:
    """The table like the one asked for that this manager opened a moment ago (same club, title and
    start; not called off or over since). A start typed ahead is compared as typed; a table opened
    now (no start typed, or one a minute past) matches one he opened "now" in the window too."""
    recent = TableSession.objects.filter(
        club=club,
        created_by=actor,
        practice=False,
        title=title,
        created_at__gte=now - TWIN_WINDOW,
    ).exclude(status__in=[TableSession.Status.CANCELLED, TableSession.Status.FINISHED])
    if typed is not None and typed > now:
        recent = recent.filter(starts_at=first_start)
    else:
        recent = recent.filter(starts_at__gte=now - TWIN_WINDOW - START_SLACK, starts_at__lte=now)
    return recent.order_by("-created_at", "-pk").first()


def _require_practice_left_today(user: User) -> None:
    """Practice tables one person may open in a day (``PRACTICE_TABLES_PER_USER_PER_DAY``), over all
    his clubs: each is dozens of rows that stay (journals are never deleted) and lines of the club's
    log, so opening and leaving one in a loop cost the site without end and buried the log."""
    if user.is_superuser:
        return
    limit = settings.PRACTICE_TABLES_PER_USER_PER_DAY
    since = timezone.now() - timedelta(days=1)
    if TableSession.objects.filter(created_by=user, practice=True, created_at__gte=since).count() >= limit:
        raise TableError("practice_limit", limit=limit)


def _practice_title(user: User) -> str:
    """The title "Practice: <his name>", his name cut short to fit: a username may have 150 characters,
    and a new player called so was told "A table needs a title of 1 to 80 characters" (a title he never
    typed) and could not practise."""
    from django.utils.translation import gettext as _

    words = _("Practice: %(name)s")
    name = user.shown_name
    if len(words % {"name": name}) > MAX_TITLE:
        room = MAX_TITLE - len(words % {"name": ""}) - 1
        name = name[:room].rstrip() + "…"
    return words % {"name": name}


@transaction.atomic
def practice_table_open(*, club: Club, user: User, preset: str = "classic", bots: int = 3) -> TableSession:
    """A table for one person against bots, on practice chips from the treasury: sit down and play
    within a minute, win or lose nothing real."""
    from django.utils.translation import gettext as _

    from .seating import bot_seat, table_sit

    rules = PRESETS.get(preset)
    if rules is None:
        raise _problem(_("Unknown game “%(preset)s”.") % {"preset": str(preset)[:40]})
    # One practice table per member at a time: he gets his open one back (each seats three bots on
    # treasury chips, so opening them without end would spend the treasury on nothing). His
    # membership row is held first, so eight requests at once open one table, not eight. Before it
    # the club's row, as a join holds it before a membership's: the three bots' names then avoid a
    # newcomer joining at this moment, and she waits and sees them (``club_names_hold``).
    club_names_hold(club.pk)
    membership_lock(club_id=club.pk, user=user)
    # His open table is locked as it is read: one he is leaving at this moment (the last person gone,
    # it closes) is waited for and then no longer open, and he gets a new one, not the closed table.
    mine = (
        TableSession.objects.select_for_update(of=("self",))
        .filter(
            club=club,
            created_by=user,
            practice=True,
            close_when_empty=True,
            status__in=[TableSession.Status.OPEN, TableSession.Status.RUNNING],
        )
        .order_by("pk")
        .first()
    )
    if mine is not None:
        return mine
    _require_practice_left_today(user)
    seats = min(max(bots + 1, rules.min_players), rules.max_players, 6)
    session = table_session_create(
        club=club,
        actor=user,
        title=_practice_title(user),
        preset=preset,
        stake=PRACTICE_STAKE,
        seat_count=seats,
        buy_in_min=PRACTICE_CHIPS,
        buy_in_max=PRACTICE_CHIPS,
        practice=True,
    )
    session.close_when_empty = True
    session.save(update_fields=["close_when_empty"])
    for position in range(1, min(bots, seats - 1) + 1):
        bot_seat(session=session, position=position, buy_in=PRACTICE_CHIPS, actor=user)
    table_sit(session_id=session.pk, user=user, position=0, buy_in=PRACTICE_CHIPS)
    return session
