"""The admin's seats and moves named a player by his display name alone: two "Vera"s (display names
repeat across the site) at two tables read as one person in the list a manager stands players up
from, and in the moves of deals. Every other list of the admin names people "Vera (@vera)"; these do
too now (a bot keeps its own name). Review 69."""

from __future__ import annotations

import pytest
from django.contrib import admin

from club import services
from games.admin import SeatAdmin
from games.models import Seat
from games.services import table_session_create
from ledger.services import chips_grant
from tests.games.conftest import sit_all

from .conftest import m

pytestmark = pytest.mark.django_db


def test_a_seat_names_its_player_with_his_username(club, owner, make_user, make_club):
    vera = make_user("vera", display_name="Vera")
    services.membership_join(club=club, user=vera)
    chips_grant(membership=m(club, vera), amount=1000, actor=owner, reason="start")
    table = table_session_create(
        club=club, actor=owner, title="Friday", preset="classic", seat_count=4,
        stake=5, buy_in_min=100, buy_in_max=500, turn_seconds=30,
    )
    sit_all(table, [vera])
    seat = Seat.objects.select_related("member__user").get(session=table, member__user=vera)
    assert SeatAdmin(Seat, admin.site).player(seat) == "Vera (@vera)"
