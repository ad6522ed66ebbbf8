"""Review 70: a reserved seat on the table's page. Seating opens 15 minutes before the start and the
club page counts the seat reserved and offers it to nobody else; the table page drew it as "Seat 3 is
free" with a Sit form to every member, who was then told it is reserved for another player. The
holder's own page did not say which seat was his."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.services import tables_tick
from games.services.schedule import seat_reserve

pytestmark = pytest.mark.django_db


def _page(user) -> str:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def open_table(make_table):
    starts = timezone.now().replace(second=0, microsecond=0) + timedelta(minutes=10)
    table = make_table(starts_at=starts, ends_at=starts + timedelta(hours=2))
    tables_tick(timezone.now())  # within 15 minutes of the start: seating is open
    table.refresh_from_db()
    assert table.status == "open"
    return table


def test_a_reserved_seat_is_not_offered_to_another_member(open_table, players):
    seat_reserve(session_id=open_table.pk, user=players[0], position=2)
    html = _page(players[1]).get(f"/tables/{open_table.pk}/").content.decode()
    assert "Seat 3 is free" not in html
    assert 'name="position" value="3"' not in html  # no Sit form for it
    assert "Seat 3 is reserved" in html
    assert 'name="position" value="2"' in html  # the free ones still are
    club_page = _page(players[1]).get(open_table.club.get_absolute_url()).content.decode()
    assert '<option value="3">' not in club_page


def test_the_holder_sees_his_reserved_seat_and_may_sit_there(open_table, players):
    seat_reserve(session_id=open_table.pk, user=players[0], position=2)
    html = _page(players[0]).get(f"/tables/{open_table.pk}/").content.decode()
    assert "Seat 3 is reserved for you" in html
    assert 'name="position" value="3"' in html


def test_a_table_started_late_keeps_showing_the_seat_held_until_the_grace_is_over(open_table, players):
    """The clock stood still over the start: the holder's seat stays his for the no-show grace."""
    seat_reserve(session_id=open_table.pk, user=players[0], position=2)
    late = open_table.starts_at + timedelta(minutes=3)
    tables_tick(late)
    open_table.refresh_from_db()
    assert open_table.started_at == late
    html = _page(players[1]).get(f"/tables/{open_table.pk}/").content.decode()
    assert "Seat 3 is reserved" in html
    assert 'name="position" value="3"' not in html


def test_a_table_whose_free_seats_are_all_reserved_says_so(open_table, players, make_user, club):
    from club import services as club_services

    late = make_user("lateman")
    club_services.membership_join(club=club, user=late)
    for position, user in enumerate(players):
        seat_reserve(session_id=open_table.pk, user=user, position=position)
    html = _page(late).get(f"/tables/{open_table.pk}/").content.decode()
    assert "Sit down at a free seat to play." not in html
    assert "Every free seat is reserved for another player." in html
