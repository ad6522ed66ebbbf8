"""A session's life on the clock: seating opens, play starts, the end comes, or nobody came.

Each transition is one service, idempotent (it checks the state under the table lock and does
nothing if it is already done), so the in-process ticker, a production scheduler, or both at once
can run them. ``schedule_due`` says which sessions owe which transition at a given time.
"""

from __future__ import annotations

import logging
import threading
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext_noop

from club.models import Membership, User
from club.services import audit_log_write

from ..jobs import next_deal_on_commit
from ..models import Deal, Reservation, Seat, TableSession
from .access import member_require_active, membership_lock, seat_of, seats_taken, session_lock
from .closing import table_bank_close
from .dealing import deal_running, pending_seed_draw
from .errors import TableError
from .notify import table_notify_on_commit

logger = logging.getLogger("games.schedule")
SEATING_OPENS = timedelta(minutes=15)
#: A weekly table's length: one week's table ends a day before the next week's opens its seats (an
#: end a week after the start let both take seats at once, and a change of the clocks adds an hour).
MAX_WEEKLY_LENGTH = timedelta(days=6)
#: A session nobody sits at, with no deal dealt, by this long after its start is cancelled.
NO_SHOW_GRACE = timedelta(minutes=15)
#: A start taken later than this after its time was missed by a clock that stood still (the tick
#: runs every few seconds).
LATE_START = timedelta(minutes=1)
Status = TableSession.Status


def _week_after(session: TableSession, now: datetime | None = None) -> tuple[datetime, datetime | None]:
    """The start and the end a week after ``session``'s, at the same hours on the clock of the
    manager who scheduled the series (his form was read in his time zone, kept with the series):
    "Friday 20:00" in Sofia stays 20:00 there across a change of summer time, which the same UTC
    instant plus seven days would not, and whatever he later sets in his profile. Counted from the
    series' first start, so an hour that does not exist one week (skipped by the clock change) does
    not shift every week after it. The end too (review 83): "Saturday 22:00 to 04:00" ends at 04:00
    the night the clocks change, an hour more or less of play, not at 05:00 or 03:00, and the weeks
    after keep the hours set, not that night's length."""
    first = session.series if session.series_id else session
    try:
        zone = ZoneInfo(first.time_zone or session.created_by.time_zone or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        zone = ZoneInfo("UTC")
    weeks = round((session.starts_at - first.starts_at) / timedelta(days=7)) + 1
    if now is not None:
        # The weeks that went by while the clock stood still (an outage) are not made: each was
        # opened and called off in turn, or sat at as if it were this week's. Counted one short (the
        # loop below adds it back when it has gone by): the elapsed UTC time runs an hour ahead of
        # the weeks once winter time has come, and it skipped a week still to come (review 42).
        weeks = max(weeks, (now - first.starts_at) // timedelta(days=7))

    first_wall = first.starts_at.astimezone(zone).replace(tzinfo=None)

    def start(weeks: int) -> datetime:
        wall = first_wall + timedelta(days=7 * weeks)
        return wall.replace(tzinfo=zone).astimezone(UTC)

    starts = start(weeks)
    while now is not None and starts <= now:  # gone by, or an hour short across a change of summer time
        weeks += 1
        starts = start(weeks)
    if session.ends_at is None:
        return starts, None
    if first.ends_at is None:  # not so in a series (each week copies the first): its own length
        return starts, starts + (session.ends_at - session.starts_at)
    length = first.ends_at - first.starts_at
    if MAX_WEEKLY_LENGTH < length <= timedelta(days=7):
        # A series scheduled before weekly tables were held to six days (a week at most, as any
        # table): its weeks are six days long now, or each would still be running when the next
        # opened its seats. A longer one is a row from before the calendar's bounds: it overflows
        # below, and the series ends.
        return starts, starts + MAX_WEEKLY_LENGTH
    wall_length = first.ends_at.astimezone(zone).replace(tzinfo=None) - first_wall
    wall = first_wall + timedelta(days=7 * weeks) + wall_length
    ends = wall.replace(tzinfo=zone).astimezone(UTC)
    if ends <= starts:  # both ends in the hour the clock skips, read on either side of it
        ends = starts + length
    return starts, ends


def _next_week(session: TableSession, now: datetime | None = None) -> TableSession | None:
    """The next session of a weekly series (created once, whoever asks), the first to start after
    ``now`` when it is given (the clock's)."""
    if not session.repeat_weekly:
        return None
    try:
        starts, ends = _week_after(session, now)
    except OverflowError:
        # Next week is past the calendar's end (a date saved before the horizon was checked). The
        # series ends here: raising would undo the start or the cancel, and the clock would fail
        # on this table again at every tick.
        logger.warning("schedule: table %s repeats past the end of the calendar; repeat ended", session.pk)
        session.repeat_weekly = False
        session.save(update_fields=["repeat_weekly"])
        return None
    series = session.series or session
    # Any later week, not only the one computed: two clocks back from an outage at slightly
    # different times could compute different first weeks.
    existing = (
        TableSession.objects.filter(series=series, starts_at__gt=session.starts_at)
        .order_by("starts_at")
        .first()
    )
    if existing is not None:
        return existing
    fields = {
        f.name: getattr(session, f.name)
        for f in TableSession._meta.concrete_fields
        if f.name
        not in {
            "id",
            "status",
            "started_at",
            "next_dealer",
            "next_deal_at",
            "next_seed",
            "next_commitment",
            "created_at",
            "starts_at",
            "ends_at",
            "series",
            "create_key",  # the form's token opened the first session only
            "left_seats",  # who left this week's seats: nobody has sat at next week's
        }
    }
    try:
        with transaction.atomic():
            following = TableSession.objects.create(
                **fields,
                series=series,
                starts_at=starts,
                ends_at=ends,
                status=Status.SCHEDULED,
            )
    except IntegrityError:  # another clock created it a moment ago
        return TableSession.objects.filter(series=series, starts_at=starts).first()
    pending_seed_draw(following)
    following.save(update_fields=["next_seed", "next_commitment"])
    return following


def _reservations_settle(session: TableSession) -> None:
    """Reservations whose holders sit are used; the others lapse."""
    seated = set(seats_taken(session).exclude(member__isnull=True).values_list("member_id", flat=True))
    held = Reservation.objects.filter(session=session, status=Reservation.Status.HELD)
    held.filter(member_id__in=seated).update(status=Reservation.Status.USED)
    held.exclude(member_id__in=seated).update(status=Reservation.Status.LAPSED)


@transaction.atomic
def session_reservations_lapse(*, session_id: int, now: datetime | None = None) -> bool:
    """A table started late: the reservations nobody came for lapse when the no-show grace is over."""
    now = now or timezone.now()
    session = session_lock(session_id)
    if session.started_at is None or now < session.started_at + NO_SHOW_GRACE:
        return False
    if not Reservation.objects.filter(session=session, status=Reservation.Status.HELD).exists():
        return False
    _reservations_settle(session)
    table_notify_on_commit(session.pk)
    return True


@transaction.atomic
def session_open(*, session_id: int, now: datetime | None = None) -> bool:
    """Seating opens 15 minutes before the start."""
    now = now or timezone.now()
    _endless_weeks_hold(session_id)
    session = session_lock(session_id)
    if session.status != Status.SCHEDULED or now < session.starts_at - SEATING_OPENS:
        return False
    session.status = Status.OPEN
    session.save(update_fields=["status"])
    if session.series_id:
        _earlier_weeks_end(session, now)
    table_notify_on_commit(session.pk)
    return True


def _endless_weeks_hold(session_id: int) -> None:
    """Lock the earlier weeks with no end of ``session_id``'s series before it, earliest first, as a
    manager cancelling one of them locks it and then the weeks after it (``_series_stop``): ending
    them under this week's lock took the two in the other order, and the two could deadlock."""
    head = TableSession.objects.filter(pk=session_id).values_list("series_id", "starts_at").first()
    if head is None or head[0] is None:
        return
    # Every earlier week still open, not only those with no end: a week of seven days (saved before the
    # six-day limit) is ended too (``_earlier_weeks_end``). A series has one or two such weeks at most.
    earlier = TableSession.objects.filter(
        series_id=head[0],
        starts_at__lt=head[1],
        status__in=[Status.OPEN, Status.RUNNING],
    ).order_by("starts_at")
    for week_id in earlier.values_list("pk", flat=True):
        session_lock(week_id)


def _earlier_weeks_end(
    session: TableSession, now: datetime, action: str = "table.ended_by_next_week"
) -> None:
    """A weekly table set with no end never ended by itself, so each week's opened beside the last
    one, still open: a member sat at both, the club's list showed one table twice. An earlier week
    with no end still open ends as this week's seats open (``now``: or would have opened, this week
    skipped); the clock then closes it as at any end (a deal in progress finishes first, everyone's
    chips go home). So does a week whose end comes after that moment: one of seven days, saved before
    weeks were held to six, ran a day into the next."""
    running_on = Q(ends_at__isnull=True) | Q(ends_at__gt=now)
    earlier = TableSession.objects.filter(
        running_on,
        series_id=session.series_id,
        starts_at__lt=session.starts_at,
        status__in=[Status.OPEN, Status.RUNNING],
    )
    # Held already (``_endless_weeks_hold``, before this week's lock); a week that came to its end
    # or closed since is left as it is.
    for week in earlier.select_related("club"):
        if TableSession.objects.filter(running_on, pk=week.pk).update(ends_at=now):
            audit_log_write(
                action=action,
                actor=None,
                club=week.club,
                target=week.title,
                data={"table": week.pk, "next": session.pk},
            )
            table_notify_on_commit(week.pk)


@transaction.atomic
def session_start(*, session_id: int, now: datetime | None = None) -> bool:
    """The start time has come: reservations whose holders are not seated lapse, the first deal may
    start (at once if enough players sit), and a weekly session schedules its next week."""
    now = now or timezone.now()
    session = session_lock(session_id)
    if session.started_at is not None or session.status != Status.OPEN or now < session.starts_at:
        return False
    session.started_at = now
    # Started late (the clock stood still over the start: an outage), seating opened a moment ago:
    # the holders had no time to come, and their seats stay theirs until the no-show grace is over
    # (``session_reservations_lapse``).
    if now - session.starts_at <= LATE_START:
        _reservations_settle(session)
    if session.next_deal_at is None and seats_taken(session).exists():
        session.next_deal_at = now
    session.save(update_fields=["started_at", "next_deal_at"])
    next_deal_on_commit(session)
    _next_week(session, now)
    table_notify_on_commit(session.pk)
    return True


@transaction.atomic
def session_cancel_if_empty(*, session_id: int, now: datetime | None = None) -> bool:
    """Nobody sits, and no deal was dealt, a while after the start: the session is cancelled."""
    now = now or timezone.now()
    session = session_lock(session_id)
    # Counted from when play started, not from the start written on the table: after an outage
    # over the start (no server, or no worker and beat), the first tick opened the table and called
    # it off in the same tick, before anyone could sit.
    if (
        session.status not in (Status.SCHEDULED, Status.OPEN)
        or session.started_at is None
        or now < session.started_at + NO_SHOW_GRACE
    ):
        return False
    if session.practice:  # its bots wait for whoever wants a game: nobody was expected at a time
        return False
    # Nobody sits now, and no deal was dealt. Whether anybody had ever sat was asked before: one who
    # sat while seating was open and left before anyone played kept the table "open", with nobody
    # at it, until its end or for good (review 31).
    if seats_taken(session).filter(bot="").exists() or Deal.objects.filter(session=session).exists():
        return False
    # Bots a manager seated ahead go home; the reservations nobody came for lapse.
    _call_off(session, now=now, actor=None, reservations_become=Reservation.Status.LAPSED)
    _next_week(session, now)
    return True


def _call_off(
    session: TableSession,
    *,
    now: datetime,
    actor: User | None,
    reservations_become: str,
    action: str = "table.cancelled",
) -> None:
    """Cancel a table nobody has played at (the caller holds its lock): whoever sits goes home with
    his chips (no deal was dealt: the bank is empty, stacks are all there is), the held reservations
    become ``reservations_become``, audited (``actor`` None: the clock), its readers told."""
    from .closing import home_accounts_first
    from .seating import seat_stand_up

    seats = list(seats_taken(session))
    home_accounts_first(session, seats)  # players' stacks to wallets, bots' to the treasury
    for seat in seats:
        seat_stand_up(seat=seat, now=now, because=Seat.LeftBecause.CLOSED)
    session.status = Status.CANCELLED
    session.next_deal_at = None
    session.save(update_fields=["status", "next_deal_at", "repeat_weekly"])
    Reservation.objects.filter(session=session, status=Reservation.Status.HELD).update(
        status=reservations_become
    )
    audit_log_write(
        action=action,
        actor=actor,
        club=session.club,
        target=session.title,
        data={"table": session.pk},
    )
    table_notify_on_commit(session.pk)


@transaction.atomic
def session_cancel(*, session_id: int, actor: User, now: datetime | None = None) -> TableSession:
    """A manager calls off a table no deal has been dealt at (a scheduled one, or one open and
    waiting): whoever sits goes home with his chips, reservations are cancelled, and a weekly table
    repeats no more (nothing else stops a series: each week made the next, for good)."""
    from .access import member_require_manager

    now = now or timezone.now()
    session = session_lock(session_id)
    member_require_manager(session=session, user=actor)
    if session.status == Status.CANCELLED and _series_goes_on(session).exists():
        # This week was skipped since the list was shown (a second manager): the series it belongs
        # to goes on, and the cancel stops it, as it would have (review 68: "already cancelled" was
        # said as news and the weeks went on).
        _series_stop(session, actor=actor, now=now)
        return session
    if session.status in (Status.FINISHED, Status.CANCELLED):
        # Cancelled already (the action sent again, a second manager): what was asked is so.
        raise TableError("cancel_closed", done=session.status == Status.CANCELLED)
    if session.status == Status.RUNNING or Deal.objects.filter(session=session).exists():
        if (
            session.ends_at is None
            and deal_running(session) is None
            and not seats_taken(session).filter(bot="").exists()
        ):
            # Played, left by everyone, and no end time to close it: nothing else ever would (its
            # bank stayed with it for good), and the refusal said it closes once nobody plays.
            session_close(session=session, now=now)
            return session
        if session.ends_at is not None and session.ends_at > now:
            raise TableError("cancel_played", words="cancel_played_ends", until=session.ends_at)
        if session.ends_at is None:
            raise TableError("cancel_played", words="cancel_played_open")
        raise TableError("cancel_played")
    weekly = session.repeat_weekly
    session.repeat_weekly = False
    # Logged as the manager's doing: the log's "Table cancelled: nobody came" is the clock's no-show.
    _call_off(
        session,
        now=now,
        actor=actor,
        reservations_become=Reservation.Status.CANCELLED,
        action="table.called_off",
    )
    if weekly and session.series_id:
        # A weekly table that started made its next week then: the series stops with it, so that
        # week goes too (nobody has played there), or at least repeats no more.
        _series_stop(session, actor=actor, now=now)
    return session


def _series_goes_on(session: TableSession) -> QuerySet[TableSession]:
    """The later weeks of ``session``'s series that still repeat."""
    return TableSession.objects.filter(
        series_id=session.series_id or session.pk, starts_at__gt=session.starts_at, repeat_weekly=True
    ).exclude(pk=session.pk)


def _series_stop(session: TableSession, *, actor: User, now: datetime) -> None:
    """The weeks of the series after ``session`` cancelled (nobody has played there), or at least
    repeating no more."""
    for following in list(_series_goes_on(session).values_list("pk", flat=True)):
        try:
            session_cancel(session_id=following, actor=actor, now=now)
        except TableError:
            TableSession.objects.filter(pk=following).update(repeat_weekly=False)


@transaction.atomic
def session_skip_week(*, session_id: int, actor: User, now: datetime | None = None) -> TableSession:
    """A manager calls off one week of a weekly table (a holiday) and the series goes on: the next
    week is made now, as the start would have made it, and this one is cancelled as ``session_cancel``
    cancels a table (its seats home, its reservations cancelled). Returns the next week's session."""
    from .access import member_require_manager

    now = now or timezone.now()
    _endless_weeks_hold(session_id)
    session = session_lock(session_id)
    member_require_manager(session=session, user=actor)
    if session.status in (Status.FINISHED, Status.CANCELLED):
        # Skipped already (the action sent again, a second manager): this week is off and the series
        # goes on, as asked. A week cancelled with its series is not that.
        skipped = (
            session.status == Status.CANCELLED
            and TableSession.objects.filter(
                series_id=session.series_id or session.pk, starts_at__gt=session.starts_at, repeat_weekly=True
            )
            .exclude(status=Status.CANCELLED)
            .exists()
        )
        raise TableError("cancel_closed", done=skipped)
    if session.status == Status.RUNNING or Deal.objects.filter(session=session).exists():
        raise TableError("cancel_played")
    if not session.repeat_weekly:
        raise TableError("skip_not_weekly")
    following = _next_week(session, now)
    if following is not None and following.status == Status.CANCELLED:
        # The next week was made already and called off since: skipped (a later week goes on), or
        # cancelled with the rest of the series, which then has no later week to keep.
        following = (
            TableSession.objects.filter(series=following.series, starts_at__gt=session.starts_at)
            .exclude(status=Status.CANCELLED)
            .order_by("starts_at")
            .first()
        )
    if following is None:  # the series could not go on (past the calendar's end): nothing is skipped
        raise TableError("skip_not_weekly")
    session.repeat_weekly = False
    skipped_before_seating = session.status == Status.SCHEDULED
    _call_off(
        session,
        now=now,
        actor=actor,
        reservations_become=Reservation.Status.CANCELLED,
        action="table.week_skipped",
    )
    if skipped_before_seating and session.series_id:
        # No seats of this week open to end the endless week before it: it ends when they would have
        # opened. It stayed open through the night called off, a fortnight, until the week after's
        # opened (review 145).
        _earlier_weeks_end(
            session, max(now, session.starts_at - SEATING_OPENS), "table.ended_by_skipped_week"
        )
    return following


@transaction.atomic
def session_move(
    *,
    session_id: int,
    actor: User,
    starts_at: datetime,
    now: datetime | None = None,
    shown_start: datetime | None = None,
) -> TableSession:
    """A manager moves the start of a table nobody has played at yet (the players are late, the room
    is taken): its length is kept, so is its end; its reservations stand, its readers are told.
    Seating opens again 15 minutes before the new start; a table some member sits at already can only
    be moved within those 15 minutes (moved later, he would sit at a table not open). A weekly table
    is refused: its weeks are counted from the series' first start, and one week moved by days would
    shift or skip the weeks after it. ``shown_start``: the start the manager's page showed; a table
    moved since (by another manager) is refused as ``move_moved``, not moved again from where he did
    not know it stood."""
    from .access import member_require_manager
    from .sessions import table_dates_check

    now = now or timezone.now()
    session = session_lock(session_id)
    member_require_manager(session=session, user=actor)
    if session.status in (Status.FINISHED, Status.CANCELLED):
        raise TableError("cancel_closed")
    if session.status == Status.RUNNING or Deal.objects.filter(session=session).exists():
        raise TableError("cancel_played")
    if session.started_at is not None:
        raise TableError("move_started")
    if session.repeat_weekly or session.series_id:
        raise TableError("move_weekly")
    starts_at = starts_at.replace(second=0, microsecond=0)
    if starts_at == session.starts_at:
        # The form sent again (a double click, a second manager with the same time): it is so.
        raise TableError("move_same", done=True, when=starts_at)
    if shown_start is not None and shown_start != session.starts_at:
        raise TableError("move_moved", when=session.starts_at)
    if starts_at <= now:
        raise TableError("move_past")
    # The start first: an end moved with a start at the calendar's end (year 9999) fell past it, and
    # the move answered with a server error (review 141).
    table_dates_check(starts_at=starts_at, ends_at=None, now=now)
    ends_at = session.ends_at + (starts_at - session.starts_at) if session.ends_at else None
    table_dates_check(starts_at=starts_at, ends_at=ends_at, now=now)
    opens_now = now >= starts_at - SEATING_OPENS
    if not opens_now and seats_taken(session).filter(bot="").exists():
        raise TableError("move_seated")  # its words say 15 minutes: SEATING_OPENS
    was = session.starts_at
    session.starts_at = starts_at
    session.ends_at = ends_at
    if session.status == Status.OPEN and not opens_now:
        session.status = Status.SCHEDULED  # the bots a manager seated ahead wait, as on any scheduled table
    session.save(update_fields=["starts_at", "ends_at", "status"])
    audit_log_write(
        action="table.moved",
        actor=actor,
        club=session.club,
        target=session.title,
        data={"table": session.pk, "from": was.isoformat(), "to": starts_at.isoformat()},
    )
    table_notify_on_commit(session.pk)
    return session


def session_close(*, session: TableSession, now: datetime) -> None:
    """Stand everyone up (stacks home) and close the bank; the caller holds the lock, no deal runs."""
    from .closing import home_accounts_first
    from .seating import seat_stand_up

    # The bank first: its journal locks the treasury with the wallets, in the ledger's order (ids,
    # the treasury first). Closed after the stand-ups, it took the treasury while holding the
    # wallets they had filled, and a grant to one of those players at that moment, holding the
    # treasury and waiting for his wallet, deadlocked with it (review 18).
    seats = list(seats_taken(session))
    home_accounts_first(session, seats, bank=True)
    table_bank_close(session=session, reason=gettext_noop("the session ended"))
    for seat in seats:
        seat_stand_up(seat=seat, now=now, because=Seat.LeftBecause.CLOSED)
    session.status = Status.FINISHED
    session.next_deal_at = None
    session.save(update_fields=["status", "next_deal_at"])
    Reservation.objects.filter(session=session, status=Reservation.Status.HELD).update(
        status=Reservation.Status.CANCELLED
    )
    audit_log_write(
        action="table.closed", actor=None, club=session.club, target=session.title, data={"table": session.pk}
    )
    table_notify_on_commit(session.pk)


@transaction.atomic
def session_end(*, session_id: int, now: datetime | None = None) -> bool:
    """The end time has come. A deal in progress finishes first (its last action closes the
    session); otherwise everyone stands up now and the bank is shared out."""
    now = now or timezone.now()
    session = session_lock(session_id)
    if (
        session.status not in (Status.OPEN, Status.RUNNING)
        or session.ends_at is None
        or now < session.ends_at
    ):
        return False
    if deal_running(session) is not None:
        return False
    session_close(session=session, now=now)
    return True


def schedule_due_querysets(now: datetime) -> dict[str, QuerySet[TableSession]]:
    """Sessions owing a transition at ``now``, by transition, as querysets (the clock first asks
    whether any of them has a row at all)."""
    live = [Status.OPEN, Status.RUNNING]
    return {
        "open": TableSession.objects.filter(status=Status.SCHEDULED, starts_at__lte=now + SEATING_OPENS),
        "start": TableSession.objects.filter(status=Status.OPEN, started_at__isnull=True, starts_at__lte=now),
        "cancel": TableSession.objects.filter(
            status__in=[Status.SCHEDULED, Status.OPEN], started_at__lte=now - NO_SHOW_GRACE, practice=False
        )
        # Anti-joins on each table's own rows: ``pk__in`` a subquery of every deal ever dealt read the
        # whole deal table at each sweep (several a second).
        .exclude(Exists(Seat.objects.filter(session=OuterRef("pk"), bot="").exclude(status=Seat.Status.LEFT)))
        .exclude(Exists(Deal.objects.filter(session=OuterRef("pk")))),
        "lapse": TableSession.objects.filter(
            status__in=live,
            started_at__lte=now - NO_SHOW_GRACE,
            pk__in=Reservation.objects.filter(status=Reservation.Status.HELD).values("session"),
        ),
        "end": TableSession.objects.filter(status__in=live, ends_at__lte=now).exclude(
            pk__in=Deal.objects.filter(finished_at__isnull=True).values("session")
        ),
    }


def schedule_due(now: datetime) -> dict[str, list[int]]:
    """Sessions owing a transition at ``now``, by transition."""
    return {
        name: list(queryset.values_list("pk", flat=True))
        for name, queryset in schedule_due_querysets(now).items()
    }


TRANSITIONS = {
    "open": session_open,
    "start": session_start,
    "cancel": session_cancel_if_empty,
    "lapse": session_reservations_lapse,
    "end": session_end,
}


#: A transition that failed waits this long before its next try, doubled at each failure in a row up
#: to ``RETRY_MAX``: a table whose step cannot succeed (bad data, a bug) would otherwise fail, log a
#: traceback and hold a lock at every tick of every process, forever.
RETRY_FIRST = timedelta(seconds=5)
RETRY_MAX = timedelta(minutes=10)


class _Failures:
    """Per process: (transition, table) -> (failures in a row, not before). Kept in memory: a
    restart tries everything again at once, which is what one wants after a deploy with a fix."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_key: dict[tuple[str, int], tuple[int, datetime]] = {}

    def waiting(self, key: tuple[str, int], now: datetime) -> bool:
        with self._lock:
            entry = self._by_key.get(key)
        return entry is not None and now < entry[1]

    def failed(self, key: tuple[str, int], now: datetime) -> tuple[int, timedelta]:
        with self._lock:
            count = self._by_key.get(key, (0, now))[0] + 1
            wait = min(RETRY_FIRST * 2 ** min(count - 1, 20), RETRY_MAX)
            self._by_key[key] = (count, now + wait)
        return count, wait

    def succeeded(self, key: tuple[str, int]) -> None:
        with self._lock:
            self._by_key.pop(key, None)

    def clear(self) -> None:
        with self._lock:
            self._by_key.clear()


schedule_failures = _Failures()


def schedule_tick(now: datetime) -> int:
    """Every transition due at ``now``; one that fails is logged, the others still run, and it is
    tried again after a growing pause (``RETRY_FIRST`` doubling up to ``RETRY_MAX``)."""
    done = 0
    for name, session_ids in schedule_due(now).items():
        for session_id in session_ids:
            key = (name, session_id)
            if schedule_failures.waiting(key, now):
                continue
            try:
                done += TRANSITIONS[name](session_id=session_id, now=now)
            except SoftTimeLimitExceeded:
                raise  # the sweep's time is up: not this table's failure, nor a reason to wait
            except Exception:
                count, wait = schedule_failures.failed(key, now)
                logger.exception(
                    "schedule: %s of table %s failed (%d in a row; next try in %d s)",
                    name,
                    session_id,
                    count,
                    wait.total_seconds(),
                )
            else:
                schedule_failures.succeeded(key)
    return done


#: The window ``RESERVATIONS_PER_TABLE_PER_HOUR`` counts reservations in.
RESERVATIONS_WINDOW = timedelta(hours=1)


def _require_reservations_left(session: TableSession, membership: Membership) -> None:
    """Seats one member may reserve at one table in an hour (``RESERVATIONS_PER_TABLE_PER_HOUR``):
    each is a row that stays and an update of the table to all who watch it, so reserving and
    cancelling in a loop cost the site without end. He is told when he may reserve again."""
    limit = settings.RESERVATIONS_PER_TABLE_PER_HOUR
    recent = list(
        Reservation.objects.filter(
            session=session, member=membership, created_at__gt=timezone.now() - RESERVATIONS_WINDOW
        )
        .order_by("-created_at")
        .values_list("created_at", flat=True)[:limit]
    )
    if len(recent) >= limit:
        raise TableError("reservations_limit", limit=limit, when=recent[-1] + RESERVATIONS_WINDOW)


@transaction.atomic
def seat_reserve(*, session_id: int, user: User, position: int) -> Reservation:
    """Hold a seat of a session that has not started; it lapses if the holder is not seated at the
    start."""
    club_id = TableSession.objects.filter(pk=session_id).values_list("club_id", flat=True).first()
    if club_id is None:
        raise TableError("no_table")
    # His membership row first, as a sit does: a reservation made while a ban or a leave commits
    # read "active" and was written after the ban had cancelled his reservations, so a banned
    # member held a seat of the coming session for everyone until the start.
    membership_lock(club_id=club_id, user=user)
    session = session_lock(session_id)
    membership = member_require_active(session=session, user=user)
    if session.status == Status.CANCELLED:
        # A stale page: "only before the session starts" of a table that never started.
        raise TableError("table_cancelled")
    if session.started_at is not None or session.status not in (Status.SCHEDULED, Status.OPEN):
        raise TableError("reservations_closed")
    if type(position) is not int or not 0 <= position < session.seat_count:
        raise TableError("no_such_seat", count=session.seat_count)
    # The same seat asked for again (a double click, a form sent again) is his already: told so as
    # the first time, not "you already hold a seat" in red, and not counted against his limit.
    mine = Reservation.objects.filter(
        session=session, member=membership, position=position, status=Reservation.Status.HELD
    ).first()
    if mine is not None:
        return mine
    if seat_of(session, user) is not None:
        # He sat down once seating opened: "That seat is taken" of a free seat told him nothing.
        raise TableError("already_seated")
    if seats_taken(session).filter(position=position).exists():
        raise TableError("seat_taken")
    _require_reservations_left(session, membership)
    try:
        with transaction.atomic():
            reservation = Reservation.objects.create(session=session, member=membership, position=position)
    except IntegrityError:
        held = (
            Reservation.objects.filter(session=session, member=membership, status=Reservation.Status.HELD)
            .values_list("position", flat=True)
            .first()
        )
        if held is not None:
            # Which seat is his, as the page numbers them: "a seat" sent him looking for it.
            raise TableError("already_reserved", n=held + 1) from None
        raise TableError("seat_reserved") from None
    table_notify_on_commit(session.pk)
    return reservation


@transaction.atomic
def reservation_cancel(*, session_id: int, user: User) -> bool:
    session = session_lock(session_id)
    changed = Reservation.objects.filter(
        session=session, member__user=user, status=Reservation.Status.HELD
    ).update(status=Reservation.Status.CANCELLED)
    if changed:  # nothing held, nothing changed: the table is not sent again to all who watch it
        table_notify_on_commit(session.pk)
    return bool(changed)
