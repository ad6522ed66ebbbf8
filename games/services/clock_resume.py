"""The tables' clock after an outage: turns and pauses that fell due while nothing ran resume.

Every real tick (the in-process ticker, the Celery sweep, a ``turn_expire`` task) writes a beat, at
most once a second per process. A tick that finds the last beat older than ``GAP`` knows the clock
stood still meanwhile (every server or worker was down): a player could not have moved, so the
time he had left when the clock stopped is given back (at least ``GRACE``, since the pages
reconnect with backoff) instead of playing his default move and marking him away. Deadlines that
were already past when the clock stopped are left alone: they were owed before the outage.

Only the real clock calls this: tests and the sweeper pass a ``now`` of their own on purpose to run
deadlines late, and that must still play the default moves.
"""

from __future__ import annotations

import logging
import time
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from ..models import ClockBeat, Deal, DealAction, Seat, TableSession
from .notify import table_notify_on_commit

logger = logging.getLogger("games.clock")

#: How often one process writes the beat.
BEAT_EVERY = 1.0
#: The least a player gets back to find his table again after an outage.
GRACE = timedelta(seconds=20)

_last_beat = [0.0]  # monotonic time of this process's last beat


def clock_gap_limit() -> timedelta:
    """A beat older than this means the clock stood still (the Celery sweep beats every
    ``TABLE_SWEEP_SECONDS``; the ticker five times a second)."""
    return timedelta(seconds=max(15.0, 5 * float(getattr(settings, "TABLE_SWEEP_SECONDS", 2.0))))


def clock_beat(now: datetime | None = None, *, force: bool = False) -> timedelta | None:
    """Record that the clock runs; if it had stood still longer than ``clock_gap_limit``, give the
    waiting turns and pauses their time back first. Returns the outage found (None if none)."""
    if not force and time.monotonic() - _last_beat[0] < BEAT_EVERY:
        return None
    now = now or timezone.now()
    with transaction.atomic():
        beat = ClockBeat.objects.select_for_update().filter(pk=1).first()
        if beat is None:
            # Two first beats at once: the loser's insert is a no-op, and neither had an outage.
            ClockBeat.objects.bulk_create([ClockBeat(pk=1, beat_at=now)], ignore_conflicts=True)
            _last_beat[0] = time.monotonic()
            return None
        stood = now - beat.beat_at
        if stood > clock_gap_limit():
            clock_resume(stopped_at=beat.beat_at, now=now)
            ClockBeat.objects.filter(pk=1).update(resumed_at=now)
            logger.warning("the table clock stood still for %s: turns and pauses resume", stood)
        if beat.beat_at < now:
            ClockBeat.objects.filter(pk=1).update(beat_at=now)
    _last_beat[0] = time.monotonic()
    return stood if stood > clock_gap_limit() else None


def clock_resume(*, stopped_at: datetime, now: datetime) -> int:
    """Give every running turn and every table's pause the time it had left at ``stopped_at``
    (at least ``GRACE``), counted from ``now``. Returns the number of tables told.

    A turn or a pause that began while the clock stood still (the web kept taking moves while the
    worker was down: a player moved, a deal ended, someone sat down) had, at the stop, not begun:
    it gets its own length back, counted from when it began, not all the time from the stop to its
    deadline, which grew with the outage (a bot's next move, due a second after a player's move ten
    minutes into the outage, waited ten more minutes once the worker was back)."""
    tables: set[int] = set()
    # A deal whose turn was owed before the stop is played at once, but the outage was no more play
    # there than at the others.
    outage_seconds = max(int((now - stopped_at).total_seconds()), 0)
    Deal.objects.filter(finished_at__isnull=True, deadline__lte=stopped_at).update(
        stood_seconds=F("stood_seconds") + outage_seconds
    )
    last_move = DealAction.objects.filter(deal=OuterRef("pk")).order_by("-seq").values("created_at")[:1]
    running = Deal.objects.filter(finished_at__isnull=True, deadline__gt=stopped_at).annotate(
        began=Coalesce(Subquery(last_move), F("started_at"))
    )
    for deal_id, session_id, deadline, began in running.values_list("pk", "session_id", "deadline", "began"):
        since = _since(stopped_at, deadline, began)
        Deal.objects.filter(pk=deal_id, deadline=deadline).update(
            deadline=now + max(deadline - since, GRACE),
            # Nobody played it while it waited for the clock: not its players' time played.
            stood_seconds=F("stood_seconds") + max(int((now - since).total_seconds()), 0),
        )
        tables.add(session_id)
    last_end = (
        Deal.objects.filter(session=OuterRef("pk"), finished_at__isnull=False)
        .order_by("-finished_at")
        .values("finished_at")[:1]
    )
    last_sat = Seat.objects.filter(session=OuterRef("pk")).order_by("-sat_at").values("sat_at")[:1]
    pausing = TableSession.objects.filter(next_deal_at__gt=stopped_at).annotate(
        ended=Subquery(last_end), sat=Subquery(last_sat)
    )
    for session_id, next_deal_at, ended, sat in pausing.values_list("pk", "next_deal_at", "ended", "sat"):
        TableSession.objects.filter(pk=session_id, next_deal_at=next_deal_at).update(
            next_deal_at=now + max(next_deal_at - _since(stopped_at, next_deal_at, ended, sat), GRACE)
        )
        tables.add(session_id)
    # A table whose no-show grace was running at the stop (play started, the latecomers on their
    # way): nobody could sit while nothing ran, and the first tick back called it off before anyone
    # could (review 42). Its start moves on by the outage, which gives them, and the holders of its
    # reservations, the rest of the grace.
    from .schedule import NO_SHOW_GRACE

    outage = now - stopped_at
    in_grace = TableSession.objects.filter(
        status__in=[TableSession.Status.OPEN, TableSession.Status.RUNNING],
        started_at__gt=stopped_at - NO_SHOW_GRACE,
        started_at__lte=stopped_at,
    )
    for session_id, started_at in in_grace.values_list("pk", "started_at"):
        TableSession.objects.filter(pk=session_id, started_at=started_at).update(
            started_at=started_at + outage
        )
        tables.add(session_id)
    for session_id in tables:
        table_notify_on_commit(session_id)  # the players' clocks show the time given back
    return len(tables)


def _since(stopped_at: datetime, due: datetime, *began: datetime | None) -> datetime:
    """From when a wait due at ``due`` counts: the stop, or the latest of the moments that may have
    begun it (the last move, the deal's start, the last deal's end, the last sitting down) if it came
    after the stop and before ``due`` (one after its end did not begin this wait)."""
    return max((t for t in began if t is not None and stopped_at < t < due), default=stopped_at)


def clock_beat_forget() -> None:
    """Forget this process's last beat, so the next tick looks (tests; a fresh process)."""
    _last_beat[0] = 0.0


__all__ = ["GRACE", "clock_beat", "clock_beat_forget", "clock_gap_limit", "clock_resume"]
