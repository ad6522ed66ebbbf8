"""A member who is banned from the club, or leaves it, leaves its tables too.

His seats are played by default moves until the deal in progress ends, then stood up with his stack
back in his wallet; his table sockets are closed at once, with the reason. (A banned member's moves
were refused from the moment of the ban: every request checks the membership.)"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.utils import timezone

from club.models import Membership
from club.services import audit_log_write

from ..jobs import deadline_on_commit
from ..models import Reservation, Seat
from .access import session_lock
from .closing import table_after_stand_up
from .dealing import deal_running, seat_dealt_in
from .notify import table_notify_on_commit
from .seating import seat_stand_up

logger = logging.getLogger("games.members")


def kick_group(user_id: int) -> str:
    """Every table socket of one person joins this group, so he can be shown the door at once."""
    return f"tables.kick.{user_id}"


def member_leave_tables(*, membership: Membership, reason: str) -> list[int]:
    """Stand the member up at every live table of his club (after the deal he plays in); returns the
    tables touched. Runs inside the caller's transaction (the ban or the leave)."""
    touched = []
    sessions = (
        Seat.objects.filter(member=membership)
        .exclude(status=Seat.Status.LEFT)
        .values_list("session_id", flat=True)
        .distinct()
    )
    now = timezone.now()
    # Every table's row first, in id order, and only then the stand-ups: each stand-up takes his
    # wallet, and one held from the first table while the next table's row was awaited deadlocked
    # with that table closing (a manager's cancel, its end time), which held its row and waited for
    # his wallet: PostgreSQL failed the leave or the ban (review 36).
    locked = [session_lock(session_id) for session_id in sorted(sessions)]
    for session in locked:
        seat = (
            Seat.objects.filter(session=session, member=membership).exclude(status=Seat.Status.LEFT).first()
        )
        if seat is None:
            continue
        deal = deal_running(session)
        if deal is not None and seat_dealt_in(deal, seat.pk):
            seat.status = Seat.Status.AWAY
            seat.leave_after_deal = seat.removed = True
            seat.idle_leave = False
            seat.left_because = Seat.LeftBecause.CLUB
            seat.save(update_fields=["status", "leave_after_deal", "removed", "idle_leave", "left_because"])
            if _is_to_act(deal, seat) and (deal.deadline is None or deal.deadline > now):
                deal.deadline = now
                deal.save(update_fields=["deadline"])
                # A clock moved earlier gets a task of its own, as a manager's stand-up does: the
                # worker's task for the old deadline would come only at the end of his turn.
                deadline_on_commit(deal)
        else:
            seat_stand_up(seat=seat, now=now, because=Seat.LeftBecause.CLUB)
            table_after_stand_up(session=session, now=now)
        table_notify_on_commit(session.pk)
        touched.append(session.pk)
    # A seat reserved ahead would stay blocked for everyone else until the start.
    held = Reservation.objects.filter(member=membership, status=Reservation.Status.HELD)
    cancelled = list(held.values_list("session_id", "session__title", "session__starts_at", "position"))
    for session_id in sorted({row[0] for row in cancelled} - set(touched)):
        table_notify_on_commit(session_id)
    held.update(status=Reservation.Status.CANCELLED)
    for session_id, title, starts_at, position in cancelled:
        # Written down for him: the ban's notice names the seats it cost him (review 148: he found
        # his Friday seat gone only by looking for it).
        audit_log_write(
            action="table.reservation_cancelled",
            actor=None,
            club=membership.club,
            target_user=membership.user,
            data={
                "session": session_id,
                "title": title,
                "starts_at": starts_at.isoformat() if starts_at else "",
                "position": position,
                "because": reason,
            },
        )
    user_id, club_id = membership.user_id, membership.club_id
    params = {}
    if reason == "suspended":
        params = {"until": membership.suspended_until.isoformat(), "reason": membership.suspend_reason}
    elif reason == "banned":
        params = {
            "until": membership.ban_until.isoformat() if membership.ban_until else "",
            "reason": membership.ban_reason,
        }
    transaction.on_commit(lambda: _kick(user_id=user_id, club_id=club_id, reason=reason, params=params))
    return touched


def _is_to_act(deal: Any, seat: Seat) -> bool:
    from ..engine import to_act
    from .dealing import deal_state

    acting = to_act(deal_state(deal))
    return acting is not None and deal.players[acting] == seat.pk


def _kick(*, user_id: int, club_id: int, reason: str, params: dict[str, str]) -> None:
    from ..broadcast import layer_send

    message = {"type": "table.kick", "club": club_id, "reason": reason, "params": params}
    try:
        layer_send([(kick_group(user_id), message)])
    except Exception:
        # Sent after the commit: a channel layer that is down (Redis restarting) turned a ban or a
        # leave already made into a server error. His sockets find it at their next heartbeat.
        logger.exception("user %s: leaving club %s could not be told to his sockets", user_id, club_id)


def _on_member_gone(sender: Any, membership: Membership, reason: str, **kwargs: Any) -> None:
    member_leave_tables(membership=membership, reason=reason)


def _on_role_changed(sender: Any, membership: Membership, **kwargs: Any) -> None:
    """A member promoted or demoted: the tables he sits at are sent again, for a manager watching
    them offers "Stand up…" by the seat's role (``membership_stand_up_roles``); and his own sockets
    draw their table again with his new powers (``TableConsumer.table_powers``). Both came only with
    the table's next update, his own with his socket's next heartbeat.

    His sockets are told first: the callbacks run in the order they were registered, and a table
    sent before them reached his page drawn with the powers he had (a picture of the old role,
    mended only by the next one, which a slow server sent a moment later)."""
    user_id, club_id = membership.user_id, membership.club_id

    def tell() -> None:
        from ..broadcast import layer_send

        try:
            layer_send([(kick_group(user_id), {"type": "table.powers", "club": club_id})])
        except Exception:
            # After the commit: a channel layer that is down must not fail a role change made. His
            # sockets find it at their next heartbeat.
            logger.exception("user %s: a role change in club %s not told to his sockets", user_id, club_id)

    transaction.on_commit(tell)
    sessions = (
        Seat.objects.filter(member=membership)
        .exclude(status=Seat.Status.LEFT)
        .values_list("session_id", flat=True)
        .distinct()
    )
    for session_id in sorted(sessions):
        table_notify_on_commit(session_id)


def _on_account_switched_off(sender: Any, user: Any, **kwargs: Any) -> None:
    """An account switched off leaves the tables of every club it is a member of, as a member who
    leaves does (his sockets were closed by ``login_ended``); his memberships and chips stay."""
    # Held first, as a leave or a ban holds the member's row: a sit holds it before it reads him,
    # so one not yet committed when his seats are read is waited for, not missed; and a request to
    # join approved meanwhile is seen approved, or waits and finds the account off (review 116).
    memberships = list(
        Membership.objects.select_for_update(no_key=True).filter(user_id=user.pk).order_by("pk")
    )
    for membership in memberships:
        if membership.status != Membership.Status.ACTIVE:
            continue
        member_leave_tables(membership=membership, reason="switched_off")


def _on_login_ended(
    sender: Any, user_id: int, session_key: str | None, logged_out: bool = True, **kwargs: Any
) -> None:
    """His table sockets opened under the logins that ended close (``TableConsumer.table_login``):
    one that outlived a logout or a password change kept playing and receiving his cards."""
    from ..broadcast import layer_send

    message = {"type": "table.login", "session": session_key, "logged_out": logged_out}
    try:
        layer_send([(kick_group(user_id), message)])
    except Exception:
        # Sent after the commit (or the session's flush): a channel layer that is down (Redis
        # restarting) turned a log-out or a password change already made into a server error, the
        # session left in place. The sockets' heartbeats find the login ended (TableConsumer._beat).
        logger.exception("user %s: the end of a login could not be told to his sockets", user_id)
