"""A stranger's reservation forms say nothing of the table's club (review 22).

The reserve and unreserve forms answered any logged-in person, member or not, by sending him to the
table's club page: POSTing them for table after table listed the addresses of every club with a
scheduled table, the invite-only clubs the home page never lists among them. A stranger now gets the
table page's 404; members are sent to their club as before.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from club.models import Club
from games.models import Reservation

pytestmark = pytest.mark.django_db


@pytest.fixture
def hidden_table(club, make_table):
    Club.objects.filter(pk=club.pk).update(join_policy=Club.JoinPolicy.INVITE)
    return make_table(starts_at=timezone.now() + timedelta(days=1))


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


@pytest.mark.parametrize("form", ["reserve", "unreserve"])
def test_a_stranger_learns_nothing_of_the_club(hidden_table, club, make_user, form):
    stranger = make_user("stranger22")
    response = _client(stranger).post(f"/tables/{hidden_table.pk}/{form}/", {"position": "1"})
    assert response.status_code == 404
    assert club.slug not in response.content.decode()
    assert club.slug not in response.get("Location", "")
    assert not Reservation.objects.filter(session=hidden_table).exists()


def test_a_member_still_reserves_and_is_sent_to_his_club(hidden_table, club, players):
    client = _client(players[0])
    response = client.post(f"/tables/{hidden_table.pk}/reserve/", {"position": "1"})
    assert response.status_code == 302
    assert response["Location"] == club.get_absolute_url()
    assert Reservation.objects.filter(session=hidden_table).count() == 1
    response = client.post(f"/tables/{hidden_table.pk}/unreserve/")
    assert response.status_code == 302
    assert response["Location"] == club.get_absolute_url()
