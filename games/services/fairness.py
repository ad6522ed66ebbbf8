"""Players' randomness for the next deal (RULES.md 8 and ``games.engine.fairness``)."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone

from club.models import User

from ..engine.fairness import contribution_ok
from ..models import SeedContribution
from .access import member_require_active, seat_of, session_lock
from .errors import TableError
from .notify import table_notify_on_commit


@transaction.atomic
def seed_contribute(
    *, session_id: int, user: User, value: str, commitment: str | None = None
) -> SeedContribution:
    """A seated player adds his random string to the next deal's seed, once per deal. ``commitment``:
    the next deal's commitment as his browser saw it; if that deal has been dealt since, the string
    is refused as late (filed under the deal after it, it was not the string the browser sent for
    that one, and the Fairness page told the player his string had been left out)."""
    session = session_lock(session_id)
    member_require_active(session=session, user=user)
    seat = seat_of(session, user)
    if seat is None:
        raise TableError("not_seated")
    if not contribution_ok(value):
        raise TableError("bad_contribution")
    if not session.next_commitment or (session.ends_at is not None and timezone.now() >= session.ends_at):
        # Past its end time the table deals no more (``deal_start``): no deal waits for a string.
        raise TableError("no_pending_deal")
    if commitment is not None and commitment.lower() != session.next_commitment.lower():
        raise TableError("late_contribution")
    if (
        seat.member_id is not None
        and SeedContribution.objects.filter(
            session=session, commitment=session.next_commitment, seat__member=seat.member_id
        ).exists()
    ):
        # Given from a seat he has left since (he stood up and sat down again): one string per player.
        raise TableError("already_contributed")
    try:
        with transaction.atomic():
            contribution = SeedContribution.objects.create(
                session=session, commitment=session.next_commitment, seat=seat, value=value
            )
    except IntegrityError:
        raise TableError("already_contributed") from None
    table_notify_on_commit(session.pk)
    return contribution
