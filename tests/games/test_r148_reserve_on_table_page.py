"""Review 148: the page of a table coming up offered no way to reserve a seat: only the club's
"Coming up" list did, and a member who had opened the table's page before seating opened (a link
from a friend, the club's tables) read "Seating is not open yet" and nothing he could do. The page
now offers the list's Reserve and Cancel forms, answered back on the table's page, with the same
refusals."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from club import services as club_services
from club.models import Membership
from games.models import Reservation
from games.services.schedule import seat_reserve

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()
    yield
    timezone.deactivate()


@pytest.fixture
def later_table(make_table):
    starts = timezone.now().replace(second=0, microsecond=0) + timedelta(hours=3)
    table = make_table(starts_at=starts, ends_at=starts + timedelta(hours=2))
    assert table.status == "scheduled"
    return table


def _client(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def test_the_table_page_reserves_a_seat_and_cancels_it(later_table, players):
    client = _client(players[0])
    page = client.get(f"/tables/{later_table.pk}/").content.decode()
    assert f'action="/tables/{later_table.pk}/reserve/"' in page
    assert '<option value="4">4</option>' in page

    answer = client.post(
        f"/tables/{later_table.pk}/reserve/", {"position": "3", "back": "table"}, follow=True
    )
    assert answer.redirect_chain[-1][0] == f"/tables/{later_table.pk}/"
    page = answer.content.decode()
    assert "Seat 3 of “classic table” is yours until it starts" in page
    assert Reservation.objects.get(member__user=players[0], status="held").position == 2
    assert "your seat: 3" in page
    assert f'action="/tables/{later_table.pk}/unreserve/"' in page
    assert f'action="/tables/{later_table.pk}/reserve/"' not in page  # one seat a member

    answer = client.post(f"/tables/{later_table.pk}/unreserve/", {"back": "table"}, follow=True)
    assert answer.redirect_chain[-1][0] == f"/tables/{later_table.pk}/"
    assert "Your reservation is cancelled." in answer.content.decode()
    assert not Reservation.objects.filter(member__user=players[0], status="held").exists()


def test_the_table_page_offers_only_the_free_seats_and_says_when_none_is_left(
    later_table, players, make_user, club
):
    seat_reserve(session_id=later_table.pk, user=players[1], position=0)
    page = _client(players[0]).get(f"/tables/{later_table.pk}/").content.decode()
    assert '<option value="1">' not in page
    assert '<option value="2">2</option>' in page
    for position, user in enumerate(players[2:], start=1):
        seat_reserve(session_id=later_table.pk, user=user, position=position)
    seat_reserve(session_id=later_table.pk, user=players[0], position=3)
    late = make_user("r148late")
    club_services.membership_join(club=club, user=late)
    page = _client(late).get(f"/tables/{later_table.pk}/").content.decode()
    assert f'action="/tables/{later_table.pk}/reserve/"' not in page
    assert "Every seat of this table is reserved." in page


def test_a_refused_reservation_is_said_on_the_table_page(later_table, players):
    """Sent from a page left open while the seat went to another: the list's refusal, on the table."""
    client = _client(players[0])
    client.get(f"/tables/{later_table.pk}/")
    seat_reserve(session_id=later_table.pk, user=players[1], position=1)
    answer = client.post(
        f"/tables/{later_table.pk}/reserve/", {"position": "2", "back": "table"}, follow=True
    )
    assert answer.redirect_chain[-1][0] == f"/tables/{later_table.pk}/"
    assert "reserved" in answer.content.decode()
    assert not Reservation.objects.filter(member__user=players[0]).exists()


def test_a_banned_member_is_refused_as_in_the_list(later_table, players, owner, club):
    client = _client(players[0])
    club_services.membership_ban(
        membership=Membership.objects.get(club=club, user=players[0]), actor=owner, reason="cheating"
    )
    answer = client.post(f"/tables/{later_table.pk}/reserve/", {"position": "2", "back": "table"})
    assert not Reservation.objects.filter(member__user=players[0]).exists()
    assert answer.status_code == 302


def test_the_club_list_still_answers_on_the_club_page(later_table, players):
    answer = _client(players[0]).post(f"/tables/{later_table.pk}/reserve/", {"position": "1"})
    assert answer["Location"] == later_table.club.get_absolute_url()


def test_the_refusals_close_button_is_named_in_the_readers_language(later_table, players):
    """Review 148's close button of a refusal (its behaviour: tests/e2e/test_r148_close_the_refusal.py)."""
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(players[0])
    page = client.get(f"/tables/{later_table.pk}/").content.decode()
    assert 'id="table-error-close"' in page
    assert 'aria-label="Закрыть это сообщение"' in page


def test_the_home_pages_coming_up_answers_on_the_home_page(later_table, players):
    """Reserved from the home page's "Coming up", a member was sent to the club's page."""
    client = _client(players[0])
    home = client.get("/").content.decode()
    assert 'name="back" value="home"' in home
    answer = client.post(f"/tables/{later_table.pk}/reserve/", {"position": "1", "back": "home"})
    assert answer["Location"] == "/"
    answer = client.post(f"/tables/{later_table.pk}/unreserve/", {"back": "home"})
    assert answer["Location"] == "/"


def test_a_member_who_left_the_club_since_is_answered_on_the_clubs_page(later_table, players, club):
    """His table page, drawn before he left, posts back=table: that page is a 404 to him now."""
    client = _client(players[0])
    club_services.membership_leave(club=club, user=players[0])
    answer = client.post(f"/tables/{later_table.pk}/reserve/", {"position": "1", "back": "table"})
    assert answer["Location"] == club.get_absolute_url()
    assert client.get(answer["Location"]).status_code == 200
