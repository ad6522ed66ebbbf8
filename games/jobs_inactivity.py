"""Inactivity: tables nobody attends any more, and members who stopped playing.

- A player away for two deals in a row is stood up after the second one: ``deal_finish`` does that
  itself (``Seat.away_deals``), nothing here repeats it. But an away player sits deals out, so at a
  table that deals no more without him those deals never come: there he is stood up, chips home, once
  he has shown no sign of life for ten minutes (``seats_away_due``).
- A table where no seated person has shown a sign of life for ten minutes (a connected socket, which
  heartbeats every 25 s; sitting down; a move of his own or "I'm back", also by plain form) is
  emptied: everyone not in the running deal stands up now (stacks back to wallets, bots' to the
  treasury; a practice table's bots stay for the next comer); the players of the running deal are
  marked away, so their moves come at once and the deal finishes, and stand up when it ends
  (``leave_after_deal``), unless one comes back before (``Seat.idle_leave``): he and the bots stay.
- An active member with no deal played for 90 days (and a member for as long: since he last joined or
  was approved) is marked dormant
  (``Membership.dormant_since``), for managers to see; playing again clears it. Nothing is deleted.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from datetime import datetime, timedelta
from typing import Any

from celery.exceptions import SoftTimeLimitExceeded
from django.db import connection, transaction
from django.db.models import Exists, Max, OuterRef, Q, Subquery
from django.utils import timezone

from club.models import AuditLog, Club, Membership
from club.services import audit_log_write

from .engine import to_act
from .jobs import deadline_on_commit
from .models import ClockBeat, Deal, DealAction, DealPlayer, Presence, Seat, TableSession
from .selectors import PRESENCE_FRESH
from .services.access import seats_taken, session_lock
from .services.closing import dealt_in, home_accounts_first, table_after_stand_up
from .services.dealing import deal_players, deal_running, deal_state, turn_deadline
from .services.notify import table_notify_on_commit
from .services.seating import seat_stand_up

logger = logging.getLogger("games.inactivity")

#: A table whose seated people showed no sign of life for this long is emptied.
IDLE_AFTER = timedelta(minutes=10)
#: An active member who has not played for this long is marked dormant.
DORMANT_AFTER = timedelta(days=90)
LIVE = (TableSession.Status.OPEN, TableSession.Status.RUNNING)


def _last_signs(session_ids: list[int], now: datetime) -> tuple[dict[int, datetime], set[int]]:
    """Per table: the latest sign of life of a seated person, and the tables where one is connected."""
    seated = Seat.objects.filter(session_id__in=session_ids, member__isnull=False).exclude(
        status=Seat.Status.LEFT
    )
    latest: dict[int, datetime] = {}
    users: dict[int, set[int]] = defaultdict(set)

    def seen(session_id: int, when: datetime | None) -> None:
        if when is not None and (session_id not in latest or when > latest[session_id]):
            latest[session_id] = when

    for session_id, user_id, sat_at in seated.values_list("session_id", "member__user_id", "sat_at"):
        users[session_id].add(user_id)
        seen(session_id, sat_at)
    connected: set[int] = set()
    fresh = now - PRESENCE_FRESH
    presences = Presence.objects.filter(session_id__in=session_ids).values_list(
        "session_id", "user_id", "connections", "last_seen_at"
    )
    for session_id, user_id, connections, last_seen_at in presences:
        if user_id not in users[session_id]:
            continue  # a spectator keeps nobody's seat
        seen(session_id, last_seen_at)
        if connections > 0 and last_seen_at >= fresh:
            connected.add(session_id)
    recent = Deal.objects.filter(session_id__in=session_ids).filter(
        Q(finished_at__isnull=True) | Q(finished_at__gte=now - IDLE_AFTER)
    )
    moves = (
        DealAction.objects.filter(deal__in=recent, actor=DealAction.Actor.PERSON)
        .values("deal__session_id")
        .annotate(last=Max("created_at"))
        .values_list("deal__session_id", "last")
    )
    for session_id, last in moves:
        seen(session_id, last)
    return latest, connected


def tables_idle_due(now: datetime | None = None, *, session_ids: list[int] | None = None) -> list[int]:
    """Live tables with a person seated whose people have shown no sign of life for ten minutes."""
    now = now or timezone.now()
    tables = TableSession.objects.filter(
        status__in=LIVE,
        # Seating opens before the start: a member who sat down then and closed the tab to come back
        # at the start was stood up before the table had anything to attend to (review 70).
        started_at__isnull=False,
        seats__member__isnull=False,
        seats__status__in=[Seat.Status.SITTING, Seat.Status.AWAY],
    )
    if session_ids is not None:
        tables = tables.filter(pk__in=session_ids)
    started = dict(tables.distinct().values_list("pk", "started_at"))
    ids = list(started)
    if not ids:
        return []
    latest, connected = _last_signs(ids, now)
    # Its ten minutes count from its start at the earliest.
    latest = {pk: max(when, started[pk]) for pk, when in latest.items()}
    # The end of an outage counts as a sign of life: while the site or its database was down no
    # heartbeat could be written, and the first sweep after it emptied every table whose players'
    # pages had not yet beaten again (a page reconnects after up to a minute).
    resumed = ClockBeat.objects.filter(pk=1).values_list("resumed_at", flat=True).first()
    if resumed is not None:
        latest = {pk: max(when, resumed) for pk, when in latest.items()}
    return [pk for pk in ids if pk not in connected and pk in latest and latest[pk] <= now - IDLE_AFTER]


@transaction.atomic
def table_idle_stand_up(*, session_id: int, now: datetime | None = None) -> bool:
    """Empty a table nobody attends (see the module's text). Idempotent: a table already emptied, or
    where somebody came back, is left alone. True if anything changed."""
    now = now or timezone.now()
    session = session_lock(session_id)
    if session.status not in LIVE or not tables_idle_due(now, session_ids=[session_id]):
        return False
    seats = list(seats_taken(session))
    deal = deal_running(session)
    # Dealt in: a seat sitting the deal out has nothing in it to wait for, and goes now.
    in_deal = set(dealt_in(deal)) if deal is not None else set()
    changed: list[str] = []
    standing: list[Seat] = []
    for seat in seats:
        if seat.is_bot and session.practice:
            # A practice table's bots wait for the next comer (the demo's "Practice with bots": a
            # newcomer plays within a minute). Stood up with the person who went away, they left the
            # table open with nobody to play against; bots never deal among themselves, and a
            # member's own practice table closes when its person leaves (table_after_stand_up).
            continue
        if seat.pk not in in_deal:
            standing.append(seat)
            continue
        update = []
        if not seat.leave_after_deal:
            seat.leave_after_deal = seat.idle_leave = True
            update += ["leave_after_deal", "idle_leave"]
        if not seat.is_bot and seat.status == Seat.Status.SITTING:
            seat.status = Seat.Status.AWAY
            update.append("status")
        if update:
            seat.save(update_fields=update)
            changed.append(seat.name)
    home_accounts_first(session, standing)  # players' stacks to wallets, bots' to the treasury
    for seat in standing:
        seat_stand_up(seat=seat, now=now, because=Seat.LeftBecause.IDLE)
        changed.append(seat.name)
    if not changed:
        return False
    if deal is not None:
        deal.session = session
        state = deal_state(deal)
        if to_act(state) is not None:
            # The acting seat is away now: its move comes at once rather than at the end of his turn.
            soon = turn_deadline(session, state, deal_players(deal), now)
            if soon is not None and (deal.deadline is None or soon < deal.deadline):
                deal.deadline = soon
                deal.save(update_fields=["deadline"])
                deadline_on_commit(deal)
    if standing:
        table_after_stand_up(session=session, now=now)
    audit_log_write(
        action="table.abandoned",
        actor=None,
        club=session.club,
        target=session.title,
        data={
            "table": session.pk,
            "reason": "no seated person connected for 10 minutes",
            "changed": changed,
        },
    )
    logger.info("table %s: nobody attends it, %s stood up or leave after the deal", session.pk, changed)
    table_notify_on_commit(session.pk)
    return True


def tables_idle_sweep(now: datetime | None = None) -> int:
    """Empty every table nobody attends, and stand up the away people of tables that deal no more;
    one that fails is logged and the others still go."""
    now = now or timezone.now()
    done = 0
    for session_id in tables_idle_due(now):
        try:
            done += table_idle_stand_up(session_id=session_id, now=now)
        except SoftTimeLimitExceeded:
            raise  # the sweep's time is up: the next one goes on
        except Exception:
            logger.exception("inactivity: table %s could not be emptied", session_id)
    for seat_id in seats_away_due(now):
        try:
            done += seat_away_stand_up(seat_id=seat_id, now=now)
        except SoftTimeLimitExceeded:
            raise
        except Exception:
            logger.exception("inactivity: away seat %s could not be stood up", seat_id)
    return done


def _waiting_tables() -> Q:
    """Live tables that have dealt and deal no more for now: no deal runs and none is due (they wait
    for players, or chips). Away people sit deals out, so "two deals away" never comes there."""
    return Q(
        session__status__in=LIVE,
        session__started_at__isnull=False,
        session__next_deal_at__isnull=True,
    ) & ~Exists(Deal.objects.filter(session=OuterRef("session"), finished_at__isnull=True))


def seats_away_due(now: datetime | None = None, *, seat_ids: list[int] | None = None) -> list[int]:
    """People away at a table that deals no more, with no sign of life of theirs for ten minutes (no
    page of the table open, no move or "I'm back" of their own; the end of an outage counts as one,
    as for a table): the seat of one who closed his browser there, else kept for good."""
    now = now or timezone.now()
    seats = Seat.objects.filter(_waiting_tables(), status=Seat.Status.AWAY, member__isnull=False)
    if seat_ids is not None:
        seats = seats.filter(pk__in=seat_ids)
    rows = list(seats.values_list("pk", "session_id", "member__user_id", "sat_at"))
    if not rows:
        return []
    sessions = {session_id for _pk, session_id, _user, _sat in rows}
    latest = {pk: sat_at for pk, _session, _user, sat_at in rows}
    fresh = now - PRESENCE_FRESH
    presence = {
        (session_id, user_id): (connections, last_seen_at)
        for session_id, user_id, connections, last_seen_at in Presence.objects.filter(
            session_id__in=sessions
        ).values_list("session_id", "user_id", "connections", "last_seen_at")
    }
    for pk, session_id, user_id, _sat in rows:
        connections, seen = presence.get((session_id, user_id), (0, None))
        if connections > 0 and seen >= fresh:
            latest[pk] = now  # his page of the table is open: he is there, only away
        elif seen is not None:
            latest[pk] = max(latest[pk], seen)
    recent = Deal.objects.filter(session_id__in=sessions, finished_at__gte=now - IDLE_AFTER)
    players = dict(recent.values_list("pk", "players"))
    moves = DealAction.objects.filter(deal__in=recent, actor=DealAction.Actor.PERSON).values_list(
        "deal_id", "seat", "created_at"
    )
    for deal_id, engine_seat, when in moves:
        seated = players.get(deal_id) or []
        pk = seated[engine_seat] if engine_seat < len(seated) else None
        if pk in latest:
            latest[pk] = max(latest[pk], when)
    resumed = ClockBeat.objects.filter(pk=1).values_list("resumed_at", flat=True).first()
    if resumed is not None:
        latest = {pk: max(when, resumed) for pk, when in latest.items()}
    return sorted(pk for pk, when in latest.items() if when <= now - IDLE_AFTER)


@transaction.atomic
def seat_away_stand_up(*, seat_id: int, now: datetime | None = None) -> bool:
    """Stand up an away person of a table that deals no more (``seats_away_due``), his stack to his
    wallet. Idempotent: a seat left, back, or at a table dealing again is left alone."""
    now = now or timezone.now()
    session_id = Seat.objects.filter(pk=seat_id).values_list("session_id", flat=True).first()
    if session_id is None:
        return False
    session = session_lock(session_id)
    if not seats_away_due(now, seat_ids=[seat_id]):
        return False
    seat = Seat.objects.select_related("member__user", "session__club").get(pk=seat_id)
    home_accounts_first(session, [seat])
    seat_stand_up(seat=seat, now=now, because=Seat.LeftBecause.IDLE)
    table_after_stand_up(session=session, now=now)
    audit_log_write(
        action="table.stood_up",
        actor=None,
        club=session.club,
        target_user=seat.member.user,
        target=session.title,
        data={"table": session.pk, "position": seat.position + 1, "reason": AWAY_REASON},
    )
    logger.info(
        "table %s: %s away with no sign of life at a table that deals no more, stood up",
        session_id,
        seat.name,
    )
    table_notify_on_commit(session.pk)
    return True


#: Why the clock stood up an away person (stored in English; club.models.SYSTEM_REASONS reads it).
AWAY_REASON = "away with no sign of life for 10 minutes at a table that deals no more"


#: The audit rows that say a person became an active member: he joined (an open club, an invite, back
#: after leaving) or his request was approved.
BECAME_MEMBER = ("membership.joined", "membership.approved")


def _became_member_since(cutoff: datetime) -> Exists:
    """He became a member (again) since ``cutoff``. A membership row is written once and revived when
    its person comes back, and a request's row is written when he asks, so its ``created_at`` says
    nothing of how long he has been a member now."""
    return Exists(
        AuditLog.objects.filter(
            club=OuterRef("club"),
            target_user=OuterRef("user"),
            action__in=BECAME_MEMBER,
            created_at__gte=cutoff,
        )
    )


def _last_play() -> Subquery:
    return Subquery(
        DealPlayer.objects.filter(member=OuterRef("pk"), deal__finished_at__isnull=False)
        .values("member")
        .annotate(last=Max("deal__finished_at"))
        .values("last")[:1]
    )


#: The PostgreSQL advisory lock one run of the dormant mark holds until it commits.
DORMANT_LOCK = 0x6B68_646F_726D  # "khdorm"


def _one_run_at_a_time() -> None:
    """Runs of the dormant mark queue (PostgreSQL; SQLite writes one at a time): two at once (a
    ticker in each server process at 03:07, a task delivered again while it still runs) each read
    the same members as not yet dormant, and both marked and logged them."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [DORMANT_LOCK])


@transaction.atomic
def members_mark_dormant(*, now: datetime | None = None) -> dict[str, Any]:
    """Mark active members who have not played for 90 days dormant (one audit row per club), and
    clear the mark of those who played since. Returns what changed."""
    now = now or timezone.now()
    _one_run_at_a_time()
    cutoff = now - DORMANT_AFTER
    with_play = Membership.objects.annotate(last_play=_last_play())
    to_mark = list(
        with_play.filter(status=Membership.Status.ACTIVE, dormant_since__isnull=True, created_at__lt=cutoff)
        .filter(Q(last_play__isnull=True) | Q(last_play__lt=cutoff))
        .exclude(_became_member_since(cutoff))
        .select_related("user")
    )
    woken = with_play.filter(dormant_since__isnull=False).filter(
        Q(last_play__gte=cutoff) | ~Q(status=Membership.Status.ACTIVE)
    )
    woken_count = Membership.objects.filter(pk__in=list(woken.values_list("pk", flat=True))).update(
        dormant_since=None
    )
    Membership.objects.filter(pk__in=[m.pk for m in to_mark]).update(dormant_since=now)
    by_club: dict[int, list[Membership]] = defaultdict(list)
    for membership in to_mark:
        by_club[membership.club_id].append(membership)
    for club in Club.objects.filter(pk__in=list(by_club)):
        marked = by_club[club.pk]
        audit_log_write(
            action="membership.dormant",
            actor=None,
            club=club,
            target=", ".join(f"@{m.user.username}" for m in marked[:10])[:200],
            data={"reason": "no deal played for 90 days", "members": [m.user.username for m in marked[:200]]},
        )
    if to_mark:
        logger.info("%d member(s) marked dormant, %d woken", len(to_mark), woken_count)
    return {"marked": len(to_mark), "woken": woken_count}


def members_dormant(*, club: Club, limit: int | None = None) -> list[Membership]:
    """A club's dormant members, for its managers (the club page: the first ``limit``)."""
    return list(
        Membership.objects.filter(club=club, status=Membership.Status.ACTIVE, dormant_since__isnull=False)
        .select_related("user")
        .order_by("dormant_since", "user__username")[:limit]
    )
