"""A seat reserved while a ban (or a leave) commits is not held for a member who is gone (outside
review).

The ban cancels the member's held reservations; a reservation made in the same moment read the
membership before the ban committed and was written after it: a seat of the coming session stayed
held, for everyone, by a banned member until the start. A reservation now holds the member's row
first, as a sit does (``membership_lock``)."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone

from club import services as club_services
from club.models import Membership
from games.models import Reservation
from games.services.errors import TableError
from games.services.schedule import seat_reserve

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("how", ["ban", "leave"])
def test_a_reservation_racing_a_ban_is_not_left_held(make_table, players, owner, club, how):
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL")
    table = make_table(starts_at=timezone.now() + timedelta(days=2))
    user = players[0]
    membership = Membership.objects.get(club=club, user=user)
    started = threading.Event()
    outcome: list[object] = []

    def gone() -> None:
        try:
            with transaction.atomic():
                if how == "ban":
                    club_services.membership_ban(membership=membership, actor=owner, reason="race")
                else:
                    club_services.membership_leave(club=club, user=user)
                started.set()
                time.sleep(1.0)  # the reservation comes while this is not yet committed
        finally:
            connection.close()

    def reserve() -> None:
        try:
            started.wait(10)
            outcome.append(seat_reserve(session_id=table.pk, user=user, position=1))
        except TableError as exc:
            outcome.append(exc.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=gone), threading.Thread(target=reserve)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert not Reservation.objects.filter(
        session=table, member=membership, status=Reservation.Status.HELD
    ).exists(), outcome
    assert outcome and outcome[0] in ("banned_for", "not_member"), outcome
