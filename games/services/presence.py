"""Who has a table open. Each socket counts; a heartbeat keeps ``last_seen_at`` fresh, so the counts
of a server that died go stale and stop showing its players as connected."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import F, Q
from django.db.models.functions import Greatest
from django.utils import timezone

from club.models import User

from ..models import Presence, Seat
from .notify import table_notify_on_commit

#: A presence change alone is shown a moment later, so sockets opening or closing together (a
#: reload, a server restart) make one update of the table rather than one each.
PRESENCE_DELAY = 0.25

#: A seated player's page counts as open this long after its last socket closed, or after his last
#: request of the table page (the plain forms, no socket): an away player's seat at a full table is
#: offered to a watcher only once it is over ("Take this seat", review 148). A page whose socket
#: dropped (a phone changing networks, a laptop waking) reconnects within seconds (the backoff tries
#: again within 6 s at most; a network change takes a few more) and lost his seat meanwhile; a page
#: read without JavaScript is reloaded to follow the table at all. Long enough for both, short
#: enough that a seat at a full table nobody comes back to is free within a minute (review 161).
PAGE_GRACE = timedelta(seconds=60)
#: The push that shows the watchers a grace that ended comes this much after it, so that the
#: picture it reads finds it over.
GRACE_MARGIN = 1.0


@transaction.atomic
def presence_join(*, session_id: int, user: User) -> None:
    presence, _created = Presence.objects.get_or_create(session_id=session_id, user=user)
    Presence.objects.filter(pk=presence.pk).update(
        connections=F("connections") + 1, last_seen_at=timezone.now()
    )
    table_notify_on_commit(session_id, delay=PRESENCE_DELAY)


@transaction.atomic
def presence_leave(*, session_id: int, user: User) -> None:
    Presence.objects.filter(session_id=session_id, user=user).update(
        connections=Greatest(F("connections") - 1, 0), last_seen_at=timezone.now()
    )
    table_notify_on_commit(session_id, delay=PRESENCE_DELAY)
    _grace_end_shown(session_id, user)


def presence_page_read(*, session_id: int, user: User, now: datetime) -> None:
    """A seated player (the caller knows he sits: the page's picture says so) asked for the table's
    page: his page is open, with or without a socket to come (the plain forms have none), for
    ``PAGE_GRACE`` at least. One statement: every page view of a seated player makes it."""
    Presence.objects.bulk_create(
        [Presence(session_id=session_id, user=user, last_seen_at=now)],
        update_conflicts=True,
        unique_fields=["session", "user"],
        update_fields=["last_seen_at"],
    )
    _grace_end_shown(session_id, user, seated=True)


def users_with_a_page(*, session_id: int, user_ids: list[int], now: datetime) -> set[int]:
    """Of ``user_ids``, those whose page of the table is open (a socket counted open with a fresh
    sign of life) or was a moment ago (a last sign within ``PAGE_GRACE``)."""
    from ..selectors import PRESENCE_FRESH

    if not user_ids:
        return set()
    rows = Presence.objects.filter(session_id=session_id, user_id__in=user_ids).filter(
        Q(connections__gt=0, last_seen_at__gte=now - PRESENCE_FRESH) | Q(last_seen_at__gte=now - PAGE_GRACE)
    )
    return set(rows.values_list("user_id", flat=True))


def _seated(session_id: int, user: User) -> bool:
    seats = Seat.objects.filter(session_id=session_id, member__user=user)
    return seats.exclude(status=Seat.Status.LEFT).exists()


def _grace_end_shown(session_id: int, user: User, *, seated: bool = False) -> None:
    """The watchers are sent the table again when a seated player's grace ends: his seat may be
    theirs to take then, and nothing else need happen at a full table to show it."""
    if not (seated or _seated(session_id, user)):
        return
    after = PAGE_GRACE.total_seconds() + GRACE_MARGIN

    def later() -> None:
        from ..broadcast import table_push_later

        table_push_later(session_id, after=after, window=PRESENCE_DELAY)

    transaction.on_commit(later)


def presence_seen(*, session_id: int, user: User, now: datetime) -> None:
    """A sign of life without a socket (a plain form's "I'm back"): the inactivity sweep counts it,
    and no socket is counted as open."""
    presence, _created = Presence.objects.get_or_create(session_id=session_id, user=user)
    Presence.objects.filter(pk=presence.pk).update(last_seen_at=Greatest(F("last_seen_at"), now))


def presence_beat(*, session_id: int, user: User) -> None:
    Presence.objects.filter(session_id=session_id, user=user).update(last_seen_at=timezone.now())
