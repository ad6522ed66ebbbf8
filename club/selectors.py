"""Reads for clubs and memberships."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import (
    BooleanField,
    Case,
    Count,
    ExpressionWrapper,
    F,
    FilteredRelation,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.db.models.functions import Now
from django.http import Http404
from django.utils import timezone

from games.prepared import Prepared, first_of

from .confusables import name_search_pattern, name_skeleton
from .models import AuditLog, Club, Invite, Membership, User, invite_maker_manages

Status = Membership.Status
Role = Membership.Role


def _with_member_count(qs: QuerySet[Club]) -> QuerySet[Club]:
    return qs.annotate(member_count=Count("memberships", filter=Q(memberships__status=Status.ACTIVE)))


# Reads of nearly every page, compiled once per process (games.prepared).
_MEMBERSHIP = Prepared(
    lambda club_id, user_id: first_of(Membership.objects.filter(club_id=club_id, user_id=user_id))
)
_CLUB_BY_SLUG = Prepared(lambda slug: first_of(Club.objects.filter(slug=slug)))


def _membership_with_wallet(club_id: int, user_id: int) -> QuerySet[Membership]:
    # Imported here: ledger's models import club's, not the other way round.
    from ledger.models import Account

    wallet = Account.objects.filter(member_id=OuterRef("pk"), kind=Account.Kind.WALLET).values("balance")
    return Membership.objects.filter(club_id=club_id, user_id=user_id).annotate(
        wallet_balance=Subquery(wallet[:1])
    )[:1]


# The club page's membership with its wallet's balance (the chips box shows it): one read, not two.
_MEMBERSHIP_WITH_WALLET = Prepared(_membership_with_wallet)


def _club_with_mine(slug: str, user_id: int) -> QuerySet[Club]:
    from ledger.models import Account

    wallet = Account.objects.filter(member_id=OuterRef("mine__id"), kind=Account.Kind.WALLET)
    wallet = wallet.values("balance")
    return (
        Club.objects.filter(slug=slug)
        .annotate(
            # A membership is one per club and user (``membership_one_per_club_user``): the join adds
            # no row.
            mine=FilteredRelation("memberships", condition=Q(memberships__user_id=user_id)),
            mine_wallet_balance=Subquery(wallet[:1]),
        )
        .select_related("mine")[:1]
    )


# The club page's club, the reader's membership and its wallet's balance: one read, not three.
_CLUB_WITH_MINE = Prepared(_club_with_mine)


def membership_get(*, club: Club, user: User) -> Membership | None:
    if not user.is_authenticated:
        return None
    return _MEMBERSHIP.first(club.pk, user.pk)


def membership_get_with_wallet(*, club: Club, user: User) -> Membership | None:
    """``membership_get``, its row carrying ``wallet_balance`` (the balance of the member's wallet,
    None before it exists), which ``ledger_wallet_balance`` then reads instead of querying."""
    if not user.is_authenticated:
        return None
    return _MEMBERSHIP_WITH_WALLET.first(club.pk, user.pk)


def club_and_membership_or_404(*, slug: str, user: User) -> tuple[Club, Membership | None]:
    """``club_get_or_404`` and ``membership_get_with_wallet`` in one query."""
    if not user.is_authenticated:
        return club_get_or_404(slug=slug), None
    club = _CLUB_WITH_MINE.first(slug, user.pk)
    if club is None:
        raise Http404("No Club matches the given query.")
    # Without a membership row the join set nothing (the attribute is absent, not None).
    membership = club.__dict__.pop("mine", None)
    balance = club.__dict__.pop("mine_wallet_balance", None)
    if membership is not None:
        membership.__dict__["wallet_balance"] = balance
        # The row's club is this one: ``membership.club`` needs no query of its own.
        membership.club = club
    return club, membership


def club_get_or_404(*, slug: str) -> Club:
    """``get_object_or_404(Club, slug=slug)`` (slugs are unique)."""
    club = _CLUB_BY_SLUG.first(slug)
    if club is None:
        raise Http404("No Club matches the given query.")
    return club


def club_list_for_user(*, user: User) -> QuerySet[Club]:
    """The clubs a user belongs to (active), with the member count of the whole club.

    The membership test is a subquery: filtering on ``memberships`` and then counting them in the same
    query would count only the user's own row.
    """
    mine = Membership.objects.filter(user=user, status=Status.ACTIVE).values("club")
    return _with_member_count(Club.objects.filter(pk__in=mine)).order_by("name")


def club_list_pending_for_user(*, user: User) -> QuerySet[Club]:
    """Clubs where the user's request to join waits for a manager."""
    waiting = Membership.objects.filter(user=user, status=Status.PENDING).values("club")
    return Club.objects.filter(pk__in=waiting).order_by("name")


def club_list_joinable(*, user: User | None) -> QuerySet[Club]:
    """Clubs anyone may find: open and by-approval ones the user is not already in (or banned from)."""
    return _joinable(user.pk if user is not None and user.is_authenticated else None)


def _joinable(user_id: int | None) -> QuerySet[Club]:
    qs = _with_member_count(Club.objects.exclude(join_policy=Club.JoinPolicy.INVITE))
    if user_id is not None:
        # A subquery, not exclude(memberships__user=..., memberships__status=...): on a multi-valued
        # relation the two conditions of an exclude() need not hold for the same row.
        taken = Membership.objects.filter(
            user_id=user_id, status__in=[Status.ACTIVE, Status.PENDING, Status.BANNED]
        ).values("club")
        qs = qs.exclude(pk__in=taken)
    return qs.order_by("name")


_ROLE_ORDER = Case(
    When(role=Role.OWNER, then=Value(0)), When(role=Role.MANAGER, then=Value(1)), default=Value(2)
)


def club_members(*, club: Club, status: str = Status.ACTIVE) -> QuerySet[Membership]:
    """Members with the given status: the owner first, then managers, then members by name."""
    return (
        Membership.objects.filter(club=club, status=status)
        .select_related("user")
        .order_by(_ROLE_ORDER, "user__username")
    )


# The club page's member count, compiled once per process (games.prepared).
_MEMBER_COUNT = Prepared(
    lambda club_id: (
        Membership.objects.filter(club_id=club_id, status=Status.ACTIVE)
        .values("club_id")
        .annotate(n=Count("pk"))
        .values_list("n", flat=True)
    )
)


def club_member_count(*, club: Club) -> int:
    """How many active members the club has (one row: the count, grouped by the club)."""
    counts = _MEMBER_COUNT(club.pk)
    return counts[0] if counts else 0


def clubs_managed_by(*, user: User) -> QuerySet[Club]:
    """Clubs where the user is an active owner or manager, not suspended from the club's tables:
    what the admin lets them see. A suspended manager manages nothing meanwhile (review 149:
    he banned, granted and read reports from the admin). The database's clock, not a value: the
    home page's list of requests waiting is a statement compiled once (``Prepared``)."""
    managed = (
        Membership.objects.filter(user=user, status=Status.ACTIVE, role__in=[Role.OWNER, Role.MANAGER])
        .exclude(role=Role.MANAGER, suspended_until__gt=Now())  # ``Membership.manages_now``
        .values("club")
    )
    return Club.objects.filter(pk__in=managed)


def invite_list_open(*, club: Club) -> QuerySet[Invite]:
    """Invites not withdrawn, not expired, not used up, newest first, each marked whether its maker
    still manages the club (``maker_manages``): those whose maker does not let nobody in, and the
    club page says so beside them; ``maker_suspended_until``, the end of its maker's suspension if
    that is why (his links work again then)."""
    suspension = Membership.objects.filter(
        club_id=OuterRef("club_id"),
        user_id=OuterRef("created_by_id"),
        status=Status.ACTIVE,
        role=Role.MANAGER,
        suspended_until__gt=Now(),
    ).values("suspended_until")[:1]
    return (
        Invite.objects.filter(club=club, revoked=False, expires_at__gt=timezone.now(), uses__lt=F("max_uses"))
        .annotate(
            maker_manages_now=ExpressionWrapper(invite_maker_manages(), output_field=BooleanField()),
            maker_suspended_until=Subquery(suspension),
        )
        .select_related("created_by")
        .order_by("-created_at")
    )


def invite_list_usable(*, club: Club) -> QuerySet[Invite]:
    """Invites that still let someone in: not withdrawn, not expired, not used up, and made by one
    who still manages the club."""
    return invite_list_open(club=club).filter(invite_maker_manages())


def audit_log_recent(*, club: Club, limit: int = 20) -> QuerySet[AuditLog]:
    return AuditLog.objects.filter(club=club).select_related("actor", "target_user")[:limit]


def _waiting_requests(user_id: int) -> QuerySet[Club]:
    return (
        clubs_managed_by(user=user_id)
        .annotate(waiting=Count("memberships", filter=Q(memberships__status=Status.PENDING)))
        .filter(waiting__gt=0)
        .order_by("name")
    )


def pending_requests_for_manager(*, user: User) -> list[tuple[Club, int]]:
    """Clubs the user manages where requests to join wait, with how many wait in each."""
    if not user.is_authenticated:
        return []
    return [(club, club.waiting) for club in _WAITING_REQUESTS(user.pk)]


# The home page's lists, compiled once per process: their subqueries and counts were most of its CPU.
_MY_CLUBS = Prepared(lambda user_id: club_list_for_user(user=user_id))
_MY_PENDING_CLUBS = Prepared(lambda user_id: club_list_pending_for_user(user=user_id))
#: Clubs to join listed on one page of the home page: every open club was listed there, so one
#: person opening clubs by the hundred made the page of every visitor grow without end.
JOINABLE_PAGE = 20
# The first page, the one almost every visit reads: one more row tells whether a next page exists.
_JOINABLE = Prepared(lambda user_id: _joinable(user_id)[: JOINABLE_PAGE + 1])
_JOINABLE_TO_ANYONE = Prepared(lambda: _joinable(None)[: JOINABLE_PAGE + 1])


@dataclass(frozen=True)
class JoinablePage:
    clubs: list[Club]
    number: int
    has_next: bool
    query: str


def joinable_clubs_page(*, user: User, page: int = 1, query: str = "") -> JoinablePage:
    """The clubs ``user`` (or a visitor) may join, by name, ``JOINABLE_PAGE`` at a time; ``query``
    keeps the clubs whose name contains it as a reader sees it (any case, look-alike letters)."""
    user_id = user.pk if user.is_authenticated else None
    skeleton = name_skeleton(query) if query else ""
    if page == 1 and not skeleton:
        rows = _JOINABLE(user_id) if user_id is not None else _JOINABLE_TO_ANYONE()
    else:
        qs = _joinable(user_id)
        if skeleton:
            qs = qs.filter(name_skeleton__regex=name_search_pattern(query))
        start = (page - 1) * JOINABLE_PAGE
        rows = list(qs[start : start + JOINABLE_PAGE + 1])
    return JoinablePage(
        clubs=list(rows[:JOINABLE_PAGE]), number=page, has_next=len(rows) > JOINABLE_PAGE, query=query
    )


_WAITING_REQUESTS = Prepared(lambda user_id: _waiting_requests(user_id))


def _my_club_rows(user_id: int) -> QuerySet[Club]:
    """Every club the user has a membership of (one per club: ``membership_one_per_club_user``), with
    his status and role there, its active members' count and its requests to join waiting: the home
    page's three lists of his clubs (``club_list_for_user``, ``club_list_pending_for_user``,
    ``_waiting_requests``) from one read."""
    return (
        Club.objects.annotate(mine=FilteredRelation("memberships", condition=Q(memberships__user_id=user_id)))
        .filter(mine__isnull=False)
        .annotate(
            my_status=F("mine__status"),
            my_role=F("mine__role"),
            my_ban_until=F("mine__ban_until"),
            my_ban_reason=F("mine__ban_reason"),
            my_suspended_until=F("mine__suspended_until"),
            member_count=Count("memberships", filter=Q(memberships__status=Status.ACTIVE)),
            waiting=Count("memberships", filter=Q(memberships__status=Status.PENDING)),
        )
        .order_by("name")
    )


_MY_CLUB_ROWS = Prepared(_my_club_rows)


def home_lists(*, user: User, page: int = 1, query: str = "") -> dict[str, Any]:
    """What the home page lists for this user (or a visitor): his clubs, the clubs where his request
    waits, a page of the clubs he may join, and for managers the clubs where requests to join wait."""
    joinable = joinable_clubs_page(user=user, page=page, query=query)
    if not user.is_authenticated:
        return {
            "my_clubs": [],
            "pending_clubs": [],
            "joinable_clubs": joinable.clubs,
            "joinable": joinable,
            "waiting_requests": [],
            "banned_clubs": [],
        }
    rows = _MY_CLUB_ROWS(user.pk)
    managing = (Role.OWNER, Role.MANAGER)
    now = timezone.now()
    for row in rows:
        # Said beside his club, as a ban is below (review 156): its page was the first to say it.
        # Never an owner's: one he carried from before owners could not be suspended is no suspension.
        until = row.my_suspended_until if row.my_role != Role.OWNER else None
        row.suspended_now_until = until if until is not None and until > now else None
    return {
        "my_clubs": [c for c in rows if c.my_status == Status.ACTIVE],
        "pending_clubs": [c for c in rows if c.my_status == Status.PENDING],
        # Left out of the clubs to join as his own are: "No open clubs right now." was said to one
        # banned from the only open club.
        "banned_somewhere": any(c.my_status == Status.BANNED for c in rows),
        # Said as the club's page and its tables say it (review 156: he read "You are not in any club
        # yet"); a ban whose time is up is not, as ``Membership.is_banned``: the clock lifts it soon.
        "banned_clubs": [
            c
            for c in rows
            if c.my_status == Status.BANNED and (c.my_ban_until is None or c.my_ban_until > now)
        ],
        "joinable_clubs": joinable.clubs,
        "joinable": joinable,
        # Only where he manages now (``Membership.manages_now``): a suspended manager was sent to
        # requests his club's page rightly did not let him answer (review 156).
        "waiting_requests": [
            (c, c.waiting)
            for c in rows
            if c.my_status == Status.ACTIVE
            and c.my_role in managing
            and c.waiting
            and (c.my_role == Role.OWNER or c.suspended_now_until is None)
        ],
    }


def club_managers(*, club: Club) -> QuerySet[Membership]:
    """The active owner and managers of a club: whom a member asks for chips."""
    return club_members(club=club).filter(role__in=[Role.OWNER, Role.MANAGER])


def ban_reservations_cancelled(*, membership: Membership) -> list[dict[str, Any]]:
    """The reservations his ban cancelled (``games.services.members.member_leave_tables`` writes
    them down), for the ban's notice: the table, its start and the seat (review 148)."""
    if membership.banned_at is None:
        return []
    rows = AuditLog.objects.filter(
        club_id=membership.club_id,
        target_user_id=membership.user_id,
        action="table.reservation_cancelled",
        created_at__gte=membership.banned_at,
        data__because="banned",
    ).order_by("created_at", "pk")
    out = []
    for data in rows.values_list("data", flat=True):
        starts = data.get("starts_at")
        out.append(
            {
                "session": data.get("session"),
                "title": data.get("title", ""),
                "starts_at": datetime.fromisoformat(starts) if starts else None,
                "seat": int(data.get("position", 0)) + 1,
            }
        )
    return out
