"""Who has a table open. Each socket counts; a heartbeat keeps ``last_seen_at`` fresh, so the counts
of a server that died go stale and stop showing its players as connected."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.db.models import F
from django.db.models.functions import Greatest
from django.utils import timezone

from club.models import User

from ..models import Presence
from .notify import table_notify_on_commit

#: A presence change alone is shown a moment later, so sockets opening or closing together (a
#: reload, a server restart) make one update of the table rather than one each.
PRESENCE_DELAY = 0.25


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


def presence_seen(*, session_id: int, user: User, now: datetime) -> None:
    """A sign of life without a socket (a plain form's "I'm back"): the inactivity sweep counts it,
    and no socket is counted as open."""
    presence, _created = Presence.objects.get_or_create(session_id=session_id, user=user)
    Presence.objects.filter(pk=presence.pk).update(last_seen_at=Greatest(F("last_seen_at"), now))


def presence_beat(*, session_id: int, user: User) -> None:
    Presence.objects.filter(session_id=session_id, user=user).update(last_seen_at=timezone.now())
