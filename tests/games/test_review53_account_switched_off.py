"""Review 53: an account switched off (a superuser clears "active" in the admin) leaves the tables of
its clubs as a member who leaves does: his seat is stood up (his stack back in his wallet), a deal he
plays in goes on by default moves to its end, and a seat he reserved ahead is given back. His
memberships and chips stay: switching the account on again gives him back what he had."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from club.models import Membership, User
from games.models import Reservation, Seat
from games.services import table_sit, tables_tick
from games.services.schedule import seat_reserve
from ledger.selectors import wallet_balance

pytestmark = pytest.mark.django_db


def _switch_off(user: User) -> None:
    user = User.objects.get(pk=user.pk)  # as the admin's form reads and saves it
    user.is_active = False
    user.save()


def test_a_switched_off_account_is_stood_up_and_its_reservation_given_back(make_table, players, club):
    waiting = make_table(min_players=4)
    table_sit(session_id=waiting.pk, user=players[0], position=0, buy_in=200)
    later = timezone.now().replace(microsecond=0) + timedelta(days=1)
    scheduled = make_table(starts_at=later, ends_at=later + timedelta(hours=2), min_players=4)
    seat_reserve(session_id=scheduled.pk, user=players[0], position=2)
    membership = Membership.objects.get(club=club, user=players[0])
    assert wallet_balance(membership=membership) == 800

    _switch_off(players[0])

    assert (
        not Seat.objects.filter(session=waiting, member=membership).exclude(status=Seat.Status.LEFT).exists()
    )
    assert wallet_balance(membership=membership) == 1000
    assert not Reservation.objects.filter(member=membership, status=Reservation.Status.HELD).exists()
    membership.refresh_from_db()
    assert membership.status == Membership.Status.ACTIVE  # his club and chips stay his


def test_an_account_saved_for_anything_else_keeps_its_seat(make_table, players, club):
    table = make_table(min_players=4)
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    user = User.objects.get(pk=players[0].pk)
    user.display_name = "Vera Two"
    user.save()
    tables_tick(timezone.now())
    assert Seat.objects.filter(session=table, member__user=players[0], status=Seat.Status.SITTING).exists()


def test_a_switched_off_account_in_a_deal_leaves_when_it_ends(make_table, players):
    from tests.games.conftest import sit_all, start_deal

    table = make_table(min_players=2)
    sit_all(table, players[:2])
    start_deal(table)
    _switch_off(players[0])
    seat = Seat.objects.get(session=table, member__user=players[0])
    assert seat.status == Seat.Status.AWAY and seat.leave_after_deal and seat.removed
