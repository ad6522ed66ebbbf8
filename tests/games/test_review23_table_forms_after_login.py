"""Review 23: "Open a practice table" (the club page), a seat's reservation (the club and home pages)
and the table page's own forms (sit, leave, step away, I'm back, bots, stand up, a move without
JavaScript), sent from a page whose log-in had ended, came back from the log-in page as a GET of
the form's address: a blank 405 page, not even in the person's language (review 21 fixed the same
for the club's forms). Such a GET now goes to the page the form was on; it does nothing."""

from __future__ import annotations

import pytest
from django.test import Client

from club.models import User
from games.models import TableSession
from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db


def _login_through(client: Client, response, username: str):
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/?next=")
    return client.post(response["Location"], {"username": username, "password": TEST_PASSWORD}, follow=True)


def test_open_a_practice_table_sent_from_a_stale_page_lands_on_the_club(club, players):
    vera = players[0]
    before = TableSession.objects.count()
    client = Client()
    response = client.post(f"/clubs/{club.slug}/tables/practice/", {"preset": "classic"})
    page = _login_through(client, response, vera.username)
    assert page.status_code == 200
    assert page.redirect_chain[-1][0] == f"/clubs/{club.slug}/"
    assert TableSession.objects.count() == before  # a GET opens no table


@pytest.mark.parametrize("action", ["sit", "leave", "away", "back", "bots", "standup", "act"])
def test_a_table_form_sent_from_a_stale_page_lands_on_the_table(club, players, make_table, action):
    table = make_table()
    client = Client()
    response = client.post(f"/tables/{table.pk}/{action}/", {"position": "1", "buy_in": "200"})
    page = _login_through(client, response, players[0].username)
    assert page.status_code == 200
    assert page.redirect_chain[-1][0] == f"/tables/{table.pk}/"
    assert not table.seats.filter(member__user=players[0]).exists()  # a GET seats nobody


@pytest.mark.parametrize("action", ["reserve", "unreserve"])
def test_a_reservation_sent_from_a_stale_page_lands_on_the_table(club, players, make_table, action):
    table = make_table()
    client = Client()
    response = client.post(f"/tables/{table.pk}/{action}/", {"position": "1"})
    page = _login_through(client, response, players[0].username)
    assert page.status_code == 200
    assert page.redirect_chain[-1][0] == f"/tables/{table.pk}/"


def test_the_table_forms_still_take_posts_only(club, players, make_table):
    table = make_table()
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    assert client.put(f"/tables/{table.pk}/sit/").status_code == 405
    assert client.delete(f"/clubs/{club.slug}/tables/practice/").status_code == 405
    assert client.get(f"/tables/{table.pk}/leave/")["Location"] == f"/tables/{table.pk}/"
    # A stranger's GET goes to the table page, which is a 404 to him: it names no club.
    stranger = Client()
    outsider = User.objects.create_user("outsider", email="o@example.org", password=TEST_PASSWORD)
    stranger.force_login(outsider, backend="django.contrib.auth.backends.ModelBackend")
    response = stranger.get(f"/tables/{table.pk}/reserve/", follow=True)
    assert response.status_code == 404
    assert club.slug not in response.redirect_chain[-1][0]
