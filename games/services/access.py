"""Who may do what at a table, and the table lock every write takes first.

One writer per table: each service locks the session row (``select_for_update``) before it reads
the deal or posts chips, so the ledger never disagrees with the engine mid-action and two requests
for one table queue instead of interleaving. The one lock that may come before a table's is a
member's own membership row (``membership_lock``): a ban or a leave locks it, then stands him up at
each table, so a sit (or a practice table) locks it first too, and the two cannot cross.
"""

from __future__ import annotations

from django.db.models import QuerySet

from club.models import Membership, User

from ..models import Seat, TableSession
from ..prepared import Prepared, first_of
from .errors import TableError

Status = Membership.Status


_SESSION_LOCKED = Prepared(
    lambda session_id: first_of(
        TableSession.objects.select_for_update(of=("self",)).select_related("club").filter(pk=session_id)
    )
)


def session_lock(session_id: int) -> TableSession:
    session = _SESSION_LOCKED.first(session_id)
    if session is None:
        raise TableError("no_table")
    return session


def club_names_hold(club_id: int) -> None:
    """Hold the club's row until the transaction ends, as an entry into the club and a member's
    rename hold it (``club.services._enter``, ``club.views._name_checked_again``): a bot's name read
    under it avoids a newcomer of that name, and her join waits for the bot and sees it (review 99:
    both went through at once, and the log said "Mila" of each). Taken before any table lock."""
    from club.models import Club

    Club.objects.select_for_update(no_key=True).filter(pk=club_id).values_list("pk", flat=True).first()


def membership_lock(*, club_id: int, user: User) -> None:
    """Hold the user's membership row of the club until the transaction ends (before any table
    lock). A sit that read "active" while a leave or a ban was committing used to seat a member who
    was gone a moment later, with his chips, where no stand-up would look for him."""
    if user is None or not user.is_authenticated:
        return
    list(
        Membership.objects.select_for_update(no_key=True)
        .filter(club_id=club_id, user=user)
        .values_list("pk", flat=True)
    )
    # Read again under the lock: a switch-off holds his memberships while it stands him up, and a
    # request whose login check came just before it seated the switched-off account (review 116).
    if not User.objects.filter(pk=user.pk, is_active=True).exists():
        raise TableError("not_member")


def banned_error(membership: Membership) -> TableError:
    """A banned member is told why, and until when."""
    from django.utils.translation import gettext as _

    reason = membership.ban_reason or _("none given")
    if membership.ban_until is not None:
        return TableError("banned_until", until=membership.ban_until, reason=reason)
    return TableError("banned_for", reason=reason)


def member_require_active(*, session: TableSession, user: User) -> Membership:
    """The user's membership in the table's club, if it is active (checked on every request, so a
    ban or leaving the club takes effect at once)."""
    if user is None or not user.is_authenticated:
        raise TableError("not_member")
    return membership_require_active(_MEMBERSHIP_WITH_USER.first(session.club_id, user.pk))


# Every table page and socket asks it: compiled once per process (games.prepared).
_MEMBERSHIP_WITH_USER = Prepared(
    lambda club_id, user_id: first_of(
        Membership.objects.filter(club_id=club_id, user_id=user_id).select_related("user")
    )
)


def membership_require_active(membership: Membership | None) -> Membership:
    """``member_require_active`` on a membership already read (a seat's, read under the table
    lock, is as fresh as a query of its own)."""
    if membership is None or membership.status != Status.ACTIVE:
        if membership is not None and membership.status == Status.BANNED:
            raise banned_error(membership)
        raise TableError("not_member")
    if membership.is_suspended:
        raise TableError("suspended", until=membership.suspended_until, reason=membership.suspend_reason)
    return membership


def member_require_manager(*, session: TableSession, user: User) -> Membership:
    if user is not None and user.is_authenticated and user.is_superuser and user.is_active:
        # The site's operator answers for every club with the owner's powers, at its tables as in
        # its members and chips (club.services.membership_require_manager): refused here, he was
        # offered the admin's table actions and each told him only members may play.
        from club.services import membership_require_manager

        return membership_require_manager(club=session.club, actor=user)
    membership = member_require_active(session=session, user=user)
    if not membership.is_manager:
        raise TableError("not_manager")
    return membership


def seats_taken(session: TableSession) -> QuerySet[Seat]:
    """The seats somebody holds now (sitting or away), by position."""
    return (
        Seat.objects.filter(session=session)
        .exclude(status=Seat.Status.LEFT)
        .select_related("member__user", "session__club")
        .order_by("position")
    )


_SEATS_TAKEN = Prepared(
    lambda session_id: (
        Seat.objects.filter(session_id=session_id)
        .exclude(status=Seat.Status.LEFT)
        .select_related("member__user")
        .order_by("position")
    )
)


def seats_taken_list(session: TableSession) -> list[Seat]:
    """``seats_taken``, as a list read at every table update: each seat's table is ``session``,
    not read again with it (its rules are the biggest JSON of the row, decoded once per seat)."""
    seats = _SEATS_TAKEN(session.pk)
    for seat in seats:
        seat.session = session
    return seats


def seat_of(session: TableSession, user: User) -> Seat | None:
    return seats_taken(session).filter(member__user=user).first()
