"""Reads of the live tables: what a page or a socket shows. Nothing here writes."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import connection
from django.db.models import (
    BigIntegerField,
    CharField,
    Count,
    DateTimeField,
    Exists,
    F,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
)
from django.db.models.functions import Cast, Coalesce, Now
from django.utils import timezone

from club.models import Club, Membership, User
from ledger.models import Account

from .models import Deal, DealAction, Presence, Reservation, Seat, SeedContribution, TableSession
from .prepared import Prepared, first_of
from .seat_view import seat_view
from .services.access import seats_taken_list
from .services.dealing import deal_state
from .services.presence import users_with_a_page

#: A socket's owner counts as present while his last sign of life is this recent.
PRESENCE_FRESH = timedelta(seconds=75)


def table_list_for_club(*, club: Club) -> QuerySet[TableSession]:
    """Tables that are open or playing, with how many seats are taken."""
    return (
        TableSession.objects.filter(
            club=club, status__in=[TableSession.Status.OPEN, TableSession.Status.RUNNING]
        )
        .annotate(
            taken=Count("seats", filter=~Q(seats__status=Seat.Status.LEFT)),
            # Seats held for members not seated yet: "Sit down" at a table whose free seats were all
            # reserved led to a page that offered none (review 70).
            held=Coalesce(
                Subquery(
                    Reservation.objects.filter(session=OuterRef("pk"), status=Reservation.Status.HELD)
                    .order_by()
                    .values("session")
                    .annotate(n=Count("pk"))
                    .values("n")[:1]
                ),
                0,
            ),
        )
        .order_by("practice", "-created_at")
    )


_TABLE = Prepared(
    lambda session_id: first_of(TableSession.objects.select_related("club").filter(pk=session_id))
)
_LATEST_DEAL = Prepared(
    lambda session_id: (
        Deal.objects.select_related("session__club").filter(session_id=session_id).order_by("-number")[:1]
    )
)
_DEAL_LATEST = Prepared(lambda session_id: Deal.objects.filter(session_id=session_id).order_by("-number")[:1])
_CLUB_TABLES = Prepared(lambda club_id: table_list_for_club(club=club_id))
# With whether the reader sits at each (``mine``): the list offered "Sit down" at his own table.
_CLUB_TABLES_FOR = Prepared(
    lambda club_id, user_id: table_list_for_club(club=club_id).annotate(
        mine=Exists(
            Seat.objects.filter(session=OuterRef("pk"), member__user_id=user_id).exclude(
                status=Seat.Status.LEFT
            )
        )
    )
)
_ACTIONS_SINCE = Prepared(
    lambda deal_id, after, upto: (
        DealAction.objects.filter(deal_id=deal_id, seq__gt=after, seq__lte=upto)
        .order_by("seq")
        .values_list("seq", "actor", "events")
    )
)


def _table_counts(session_id: int, commitment: str) -> Any:
    """The update's reads that are not the seats, as one statement (issue 12: each was a round trip
    of every move's update): the table's open sockets (part 0: user, last sign of life), the ledger
    balances of its stacks, holds and bank (part 1: member, seat, balance, kind) and the seats that
    gave a string for ``commitment`` (part 2: position, seat, member)."""
    none_int, none_big = Value(None, output_field=IntegerField()), Value(None, output_field=BigIntegerField())
    none_text, none_time = Value(None, output_field=CharField()), Value(None, output_field=DateTimeField())
    columns = ("part", "a", "b", "c", "k", "t")
    presence = (
        Presence.objects.filter(session_id=session_id, connections__gt=0)
        .order_by()
        .annotate(
            part=Value(0, output_field=IntegerField()),
            a=F("user_id"),
            b=none_int,
            c=none_big,
            k=none_text,
            t=F("last_seen_at"),
        )
        .values_list(*columns)
    )
    balances = (
        Account.objects.filter(
            table_id=session_id, kind__in=[Account.Kind.STACK, Account.Kind.HOLD, Account.Kind.BANK]
        )
        .order_by()
        .annotate(
            part=Value(1, output_field=IntegerField()),
            a=F("member_id"),
            b=F("seat_id"),
            c=F("balance"),
            k=F("kind"),
            t=none_time,
        )
        .values_list(*columns)
    )
    contributed = (
        SeedContribution.objects.filter(session_id=session_id, commitment=commitment)
        .order_by()
        .annotate(
            part=Value(2, output_field=IntegerField()),
            a=F("seat__position"),
            b=F("seat_id"),
            c=Cast("seat__member_id", BigIntegerField()),
            k=none_text,
            t=none_time,
        )
        .values_list(*columns)
    )
    return presence.union(balances, contributed, all=True)


_TABLE_COUNTS = Prepared(_table_counts)


def table_list_for_club_now(*, club: Club, user: User | None = None) -> list[TableSession]:
    """``table_list_for_club`` as a list (the club page's read, compiled once per process); for a
    reader, each table says whether he sits at it (``mine``), in the same query."""
    if user is not None and user.is_authenticated:
        return _CLUB_TABLES_FOR(club.pk, user.pk)
    return _CLUB_TABLES(club.pk)


def table_get(*, session_id: int) -> TableSession | None:
    return _TABLE.first(session_id)


def deal_latest(session: TableSession) -> Deal | None:
    """The running deal, or else the last one played (its settlement stays on the table)."""
    deal = _DEAL_LATEST.first(session.pk)
    if deal is not None:
        deal.session = session  # its state is read with the session's rules: no second query
    return deal


def table_latest(*, session_id: int) -> tuple[TableSession | None, Deal | None]:
    """The table and its latest deal (``deal_latest``) in one query when it has dealt."""
    deal = _LATEST_DEAL.first(session_id)
    if deal is not None:
        return deal.session, deal
    return table_get(session_id=session_id), None


def _presence(rows: Any) -> tuple[set[int], set[int]]:
    """Users shown as present (an open socket and a fresh sign of life), and users with a socket
    counted open however old their last sign of life, from ``_TABLE_COUNTS``' rows."""
    fresh = timezone.now() - PRESENCE_FRESH
    connected: set[int] = set()
    present: set[int] = set()
    for _part, user_id, _b, _c, _k, seen in rows:
        connected.add(user_id)
        if seen >= fresh:
            present.add(user_id)
    return present, connected


#: Deal logs read by this process, by (deal, seed): a deal's opening and actions never change once
#: committed, so an update reads only the actions since the last one it saw.
_LOGS: OrderedDict[tuple[int, str], tuple[int, list[dict[str, Any]]]] = OrderedDict()
_LOGS_LOCK = threading.Lock()
LOGS_KEPT = 1024


def _log(deal: Deal) -> list[dict[str, Any]]:
    """The deal's public events in order, each with the engine seat that caused it."""
    key = (deal.pk, deal.seed)
    with _LOGS_LOCK:
        seen, known = _LOGS.get(key, (0, None))
    if known is None or seen > deal.seq:
        seen, known = 0, [{"seq": 0, "actor": "", **event} for event in deal.opening]
    out = list(known)
    if seen < deal.seq:
        rows = _ACTIONS_SINCE(deal.pk, seen, deal.seq)
        for seq, actor, events in rows:
            for event in events:
                out.append({"seq": seq, "actor": actor, **event})
            seen = seq
    if not connection.in_atomic_block:  # only what is committed is remembered
        with _LOGS_LOCK:
            _LOGS[key] = (seen, out)
            _LOGS.move_to_end(key)
            while len(_LOGS) > LOGS_KEPT:
                _LOGS.popitem(last=False)
    return list(out)


def deal_log_extend(*, deal_id: int, seed: str, seq: int, actor: str, events: list[dict[str, Any]]) -> None:
    """Action ``seq`` of a deal has just been committed by this process: a log remembered up to the
    action before it takes it in, so the update that follows reads no actions from the database.
    Anything else (a log not remembered, or remembered to another point) is left to ``_log``."""
    key = (deal_id, seed)
    with _LOGS_LOCK:
        seen, known = _LOGS.get(key, (0, None))
        if known is None or seen != seq - 1:
            return
        _LOGS[key] = (seq, [*known, *({"seq": seq, "actor": actor, **event} for event in events)])
        _LOGS.move_to_end(key)


def _seat_balances(rows: Any) -> dict[tuple[str, str, int], int]:
    """Ledger balances of the table's stacks and holds, keyed by (kind, "member"|"seat", id), and of
    its bank, keyed by ("bank", "", 0), from ``_TABLE_COUNTS``' rows."""
    out: dict[tuple[str, str, int], int] = {}
    for _part, member_id, seat_id, balance, kind, _t in rows:
        if kind == Account.Kind.BANK:
            out[(kind, "", 0)] = balance
        elif member_id is not None:
            out[(kind, "member", member_id)] = balance
        else:
            out[(kind, "seat", seat_id)] = balance
    return out


def table_public(session: TableSession, deal: Deal | None = None) -> dict[str, Any]:
    """What everyone at the table may know: seats, stacks and presence, the deal's number, clock,
    commitment (and seed once it is over) and its log. JSON-able: it travels through the channel layer."""
    return table_public_seats(session, deal)[0]


def table_public_seats(
    session: TableSession, deal: Deal | None = None
) -> tuple[dict[str, Any], dict[int, Seat]]:
    """``table_public``, and the seats it read: the taken ones and every seat of ``deal``, by id."""
    public, played, _connected = table_public_parts(session, deal)
    return public, played


def session_public(session: TableSession) -> dict[str, Any]:
    """The table's own facts, as ``table_public`` shows them."""
    return {
        "id": session.pk,
        "title": session.title,
        "preset": session.preset,
        # The table's own dark form (its rules may change the preset's): the frame names it so.
        "dark": session.rules.get("dark") if isinstance(session.rules, dict) else None,
        "stake": session.stake,
        "seat_count": session.seat_count,
        "practice": session.practice,
        # A member's own practice table (it closes when he leaves): his seat is never given away.
        "personal": session.close_when_empty,
        "status": session.status,
        # Seating is open before the start: nothing is dealt until then, however many sit.
        "started": session.started_at is not None,
        # Past its end time, its running deal is its last: nobody sits down any more (review 70).
        "ending": session.ends_at is not None
        and session.status in ("open", "running")
        and timezone.now() >= session.ends_at,
        "turn_seconds": session.turn_seconds,
        "buy_in_min": session.buy_in_min,
        "buy_in_max": session.buy_in_max,
        "club": session.club.slug,
        "next_deal_at": session.next_deal_at.isoformat() if session.next_deal_at else None,
        # Its start while it is still to come (seconds since the epoch): a manager may move it, and
        # the page's "This table starts at …", drawn outside the frames, asks for the new one.
        "starts": int(session.starts_at.timestamp())
        if session.started_at is None and session.status in ("scheduled", "open")
        else None,
    }


def deal_public_info(deal: Deal, played: Mapping[int, Seat]) -> dict[str, Any]:
    """The deal's public facts and log, as ``table_public`` shows them; ``played``: every seat of
    ``deal.players`` by id."""
    return {
        "id": deal.pk,
        "number": deal.number,
        "seq": deal.seq,
        "commitment": deal.commitment,
        "seed": deal.seed if deal.is_over else None,
        "over": deal.is_over,
        "result": deal.result or None,
        "deadline": deal.deadline.isoformat() if deal.deadline else None,
        "players": [played[pk].name for pk in deal.players],
        "positions": [played[pk].position for pk in deal.players],
        "log": _log(deal),
    }


#: The seats held for members who have not sat down yet (position, holder's user id), read only while
#: a table may have any: before play starts, and for the no-show grace of a table started late.
_HELD_SEATS = Prepared(
    lambda session_id: (
        Reservation.objects.filter(session_id=session_id, status=Reservation.Status.HELD)
        .order_by("position")
        .values_list("position", "member__user_id")
    )
)


def _held_seats(session: TableSession) -> list[list[int]]:
    """The table's reserved seats, as its page shows them: the club page offers them to nobody else,
    and the table page drew them as free seats with a Sit form that was then refused."""
    from .services.schedule import LATE_START, NO_SHOW_GRACE

    if session.status in (TableSession.Status.FINISHED, TableSession.Status.CANCELLED):
        return []
    if session.started_at is not None and (
        # Settled at a start on time; a late start's stand until its no-show grace is over. Not read
        # at each move of a table that plays.
        session.started_at - session.starts_at <= LATE_START
        or timezone.now() >= session.started_at + NO_SHOW_GRACE
    ):
        return []
    return [[position, user_id] for position, user_id in _HELD_SEATS(session.pk)]


_DEALS_NO_MORE = (TableSession.Status.FINISHED, TableSession.Status.CANCELLED)


def table_public_parts(
    session: TableSession, deal: Deal | None = None
) -> tuple[dict[str, Any], dict[int, Seat], set[int]]:
    """``table_public_seats``, and the users with a socket counted open at the table (a connected
    spectator among them may be waiting for the spectators' picture)."""
    # A table closed (its end, a no-show, a manager's cancel) deals no more: the seed drawn for a next
    # deal is promised to nobody ("there is no next deal", and just below, "Next deal: the server has
    # committed to its seed", review 70).
    # Nor does one past its end time, whose running deal is its last (``deal_start``): the frame that
    # said so promised the next deal's seed too, and every seated browser sent a string for it.
    over = session.ends_at is not None and timezone.now() >= session.ends_at
    promised = session.next_commitment if session.status not in _DEALS_NO_MORE and not over else ""
    parts: tuple[list[Any], list[Any], list[Any]] = ([], [], [])
    for row in _TABLE_COUNTS(session.pk, promised or ""):
        parts[row[0]].append(row)
    present, connected = _presence(parts[0])
    seats = seats_taken_list(session)
    balances = _seat_balances(parts[1])
    engine_of = {pk: i for i, pk in enumerate(deal.players)} if deal is not None else {}
    deal_info = None
    played = {s.pk: s for s in seats}
    if deal is not None:
        # Who played the latest deal, including seats that have stood up since.
        missing = [pk for pk in deal.players if pk not in played]
        if missing:
            played.update(Seat.objects.select_related("member__user").in_bulk(missing))
        deal_info = deal_public_info(deal, played)

    def balance(kind: str, seat: Seat) -> int:
        key = (kind, "member", seat.member_id) if seat.member_id else (kind, "seat", seat.pk)
        return balances.get(key, 0)

    # Counted as the next deal mixes them (``deal_start``): the strings of the players sitting now
    # (from whichever seat each gave his), not of one away (he sits the deal out) or gone.
    sitting = {s.member_id for s in seats if s.member_id is not None and s.status == Seat.Status.SITTING}
    contributed = sorted(row[1] for row in parts[2] if row[3] in sitting) if promised else []
    # Who left a seat nobody sits at now, and why (``TableSession.left_seats``, on the row read above):
    # the others were shown a free seat with no word of what became of him.
    # Nor of one who sits at the table again, at another seat: "Gleb left the table." was said beside
    # Gleb's new seat (a bot, or a note written without the member, by the name it showed).
    taken = {s.position for s in seats}
    here = {s.member_id for s in seats if s.member_id} | {s.name for s in seats}
    left = [
        gone
        for gone in session.left_seats or ()
        if gone.get("position") not in taken and (gone.get("member") or gone.get("name")) not in here
    ]
    # By seat and player, not position: a string its last holder gave, who has stood up since, is not
    # the newcomer's, whose page must still ask his browser for his own; one a player gave from the
    # seat he left is his (``seed_contribute`` takes one string per player).
    gave = {row[2] for row in parts[2]} if promised else set()
    gave_members = {row[3] for row in parts[2] if row[3] is not None} if promised else set()
    # An away player not connected may have a page reconnecting, or read without a socket: his seat
    # is not offered to a watcher until that is over (``PAGE_GRACE``, review 161). Read only then.
    gone = [
        s.member.user_id
        for s in seats
        if s.member_id is not None and s.status == Seat.Status.AWAY and s.member.user_id not in present
    ]
    lately = users_with_a_page(session_id=session.pk, user_ids=gone, now=timezone.now()) if gone else set()
    public = {
        "pending": {"commitment": promised or None, "contributed": contributed},
        "session": session_public(session),
        "seats": [
            {
                "position": s.position,
                "seat_id": s.pk,
                "name": s.name,
                "bot": s.is_bot,
                "user_id": s.member.user_id if s.member_id else None,
                # Whether a manager reading the table may stand him up (``membership_stand_up_roles``).
                "role": s.member.role if s.member_id else None,
                "username": s.member.user.username if s.member_id else None,
                "status": s.status,
                "waiting": s.waiting,
                "leaving": s.leave_after_deal,
                # The inactivity sweep's leave, not one he or a manager asked for: a manager may
                # still stand him (or the bot) up, with a reason.
                "idle_leave": s.idle_leave,
                "removed": s.removed,  # stood up mid-deal: his frame offers no "I'm back"
                # Deals ended while he was away: the second stands him up (his page says when).
                "away_deals": s.away_deals,
                "connected": s.is_bot or (s.member_id is not None and s.member.user_id in present),
                "page_lately": s.member_id is not None and s.member.user_id in lately,
                "engine": engine_of.get(s.pk),
                "stack": balance(Account.Kind.STACK, s),
                "hold": balance(Account.Kind.HOLD, s),
                "gave_string": s.pk in gave or s.member_id in gave_members,
            }
            for s in seats
        ],
        "watching": len(present - {s.member.user_id for s in seats if s.member_id}),
        # Seats held for members not seated yet: [position, user id] (JSON has no int keys).
        "reserved": _held_seats(session),
        "left": left,
        "deal": deal_info,
        # The bank as the ledger has it: a finished deal's frame shows it (and the stacks above), not
        # the deal's last numbers, which a bank shared out since no longer are (review 24).
        "bank": balances.get((Account.Kind.BANK, "", 0), 0),
    }
    return public, played, connected


def seat_gone_from(deal: Deal, seat: Seat) -> bool:
    """A seat of the running ``deal`` that has left it: one that sat it out (a seat dealt in leaves
    only when the deal ends). Its player watches the rest of the deal as anyone does; the view of his
    old seat showed him an empty "Your cards" under "You are watching"."""
    return seat.status == Seat.Status.LEFT and not deal.is_over


@dataclass(frozen=True)
class Frame:
    """One reader's picture of a table: the engine view of his seat (or a spectator's), and the
    public part. ``user_seat`` is his engine seat in the latest deal, if he plays in it."""

    view: dict[str, Any] | None
    public: dict[str, Any]
    user_seat: int | None


def table_frame_for(*, session: TableSession, user: User | None) -> Frame:
    deal = deal_latest(session)
    public, played = table_public_seats(session, deal)
    if deal is None:
        return Frame(view=None, public=public, user_seat=None)
    state = deal_state(deal)
    seat = None
    if user is not None and user.is_authenticated:
        seat = next(
            (
                i
                for i, pk in enumerate(deal.players)
                if played[pk].member_id is not None
                and played[pk].member.user_id == user.pk
                and not seat_gone_from(deal, played[pk])
            ),
            None,
        )
    return Frame(view=seat_view(state, seat), public=public, user_seat=seat)


def table_can_manage(*, session: TableSession, user: User) -> bool:
    """May this user seat and stand up bots (a manager, or whoever opened a practice table)?"""
    if not user.is_authenticated:
        return False
    membership = Membership.objects.filter(club_id=session.club_id, user=user).first()
    return membership_can_manage(session=session, membership=membership, user=user)


def membership_can_manage(
    *, session: TableSession, membership: Membership | None, user: User | None = None
) -> bool:
    """``table_can_manage`` for a membership already read in this request (the table page's own)."""
    if membership is None or not membership.is_active:
        return False
    if user is not None and user.is_superuser and user.is_active:
        # The site's operator has the owner's powers at every club's tables
        # (games.services.access.member_require_manager): his page offers what he may do.
        return True
    return membership.is_manager or (session.practice and session.created_by_id == membership.user_id)


def membership_stand_up_roles(*, membership: Membership | None, user: User | None = None) -> tuple[str, ...]:
    """The roles of the seated members this reader may stand up (``table_stand_up``): a manager the
    plain members, the owner and the site's operator the managers too. His page offers "Stand up…"
    for those only: it was offered wherever bots could be seated, to a practice table's opener and to a
    manager beside the club's owner, and each press was refused."""
    if membership is None or not membership.is_active:
        return ()
    role = membership.role
    if user is not None and user.is_superuser and user.is_active:
        role = Membership.Role.OWNER  # club.services.membership_require_manager: the owner's powers
    if role == Membership.Role.OWNER:
        return (Membership.Role.MEMBER, Membership.Role.MANAGER)
    if role == Membership.Role.MANAGER:
        return (Membership.Role.MEMBER,)
    return ()


def _upcoming(user_id: int, club_id: int | None) -> QuerySet[TableSession]:
    clubs = Membership.objects.filter(user_id=user_id, status=Membership.Status.ACTIVE).values("club")
    # A table called off before its start stays listed until then, said to be cancelled: it vanished
    # without a word, and a member who had reserved a seat looked for it in vain (review 127). The
    # database's clock, not a parameter: the query stays prepared (``Prepared``).
    qs = TableSession.objects.filter(
        Q(status__in=[TableSession.Status.SCHEDULED, TableSession.Status.OPEN])
        | Q(status=TableSession.Status.CANCELLED, starts_at__gt=Now()),
        club__in=clubs,
        started_at__isnull=True,
    ).select_related("club")
    # Suspended from the club's tables, he is refused a seat: not offered one (review 154).
    qs = qs.annotate(
        reader_suspended=Exists(
            Membership.objects.filter(
                club_id=OuterRef("club_id"), user_id=user_id, suspended_until__gt=Now()
            ).exclude(role=Membership.Role.OWNER)  # ``Membership.is_suspended``: never an owner
        )
    )
    if club_id is not None:
        qs = qs.filter(club_id=club_id)
    # One past the list: whether it is cut, with no count of its own (``sessions_upcoming``).
    return qs.order_by("starts_at")[: UPCOMING_LISTED + 1]


#: How many upcoming sessions a page lists.
UPCOMING_LISTED = 20
_UPCOMING = Prepared(lambda user_id: _upcoming(user_id, None))
_UPCOMING_IN_CLUB = Prepared(lambda user_id, club_id: _upcoming(user_id, club_id))
_HELD = Prepared(
    lambda session_ids: Reservation.objects.filter(
        session_id__in=session_ids, status=Reservation.Status.HELD
    ).values_list("session_id", "position", "member__user_id")
)
_TAKEN = Prepared(
    lambda session_ids: (
        Seat.objects.filter(session_id__in=session_ids)
        .exclude(status=Seat.Status.LEFT)
        .values_list("session_id", "position", "member__user_id")
    )
)


#: How long after its start a table not yet started is called late: the table's clock starts it
#: within a tick or two, and a table starting on time is not "late" for those seconds.
START_LATE_AFTER = timedelta(seconds=30)


class Upcoming(list):
    """The sessions listed, and whether more are scheduled after them (``more``): the list stopped at
    the first ``UPCOMING_LISTED`` without a word, and a member looked in vain for a table three weeks
    ahead (review 122)."""

    more: bool = False
    listed: int = UPCOMING_LISTED


def sessions_upcoming(*, user: User, club: Club | None = None) -> Upcoming:
    """Sessions not yet started in the user's clubs (or one club), with his reservation (or the seat
    he sits at), and the seats still free to reserve: three queries however many sessions are listed."""
    found = _UPCOMING(user.pk) if club is None else _UPCOMING_IN_CLUB(user.pk, club.pk)
    out = Upcoming()
    if not found:
        return out
    out.more = len(found) > UPCOMING_LISTED
    sessions = list(found)[:UPCOMING_LISTED]
    ids = [session.pk for session in sessions]
    held: dict[int, dict[int, int]] = {pk: {} for pk in ids}
    for session_id, position, user_id in _HELD(ids):
        held[session_id][position] = user_id
    taken: dict[int, set[int]] = {pk: set() for pk in ids}
    seated: dict[int, int] = {}
    for session_id, position, user_id in _TAKEN(ids):
        taken[session_id].add(position)
        if user_id == user.pk:
            # He sat down once seating opened: a reservation would be refused (review 70).
            seated[session_id] = position
    now = timezone.now()
    for session in sessions:
        called_off = session.status == TableSession.Status.CANCELLED
        mine = next((p for p, u in held[session.pk].items() if u == user.pk), None)
        out.append(
            {
                "session": session,
                # Seats spoken for: held, or sat in once seating opened (a reservation used by
                # sitting down took one off the count, and a table its members had filled read
                # "0 of 4 seats reserved").
                "held": len(held[session.pk].keys() | taken[session.pk]),
                "mine": mine,
                "seated": seated.get(session.pk),
                # Its start gone by with the table's clock down: not "coming up" at that hour.
                "late": not called_off
                and session.starts_at is not None
                and session.starts_at + START_LATE_AFTER <= now,
                "cancelled": called_off,
                "suspended": session.reader_suspended,
                "free": []
                if called_off
                else [
                    p
                    for p in range(session.seat_count)
                    if p not in held[session.pk] and p not in taken[session.pk]
                ],
            }
        )
    return out


def session_reservation_offer(*, session: TableSession, user: User) -> dict[str, Any]:
    """What the page of a table not yet started offers its reader, as the club's "Coming up" list
    does (``sessions_upcoming``): his reservation (``mine``), the seat he sits at (``seated``), and
    the seats still free to reserve (``free``). Its page offered none of it (review 148)."""
    held = {position: user_id for _session, position, user_id in _HELD([session.pk])}
    taken: set[int] = set()
    seated = None
    for _session, position, user_id in _TAKEN([session.pk]):
        taken.add(position)
        if user_id == user.pk:
            seated = position
    return {
        "mine": next((p for p, u in held.items() if u == user.pk), None),
        "seated": seated,
        "free": [p for p in range(session.seat_count) if p not in held and p not in taken],
    }
