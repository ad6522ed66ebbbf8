"""The table page's forms work without JavaScript: "Sit down" posted as a plain form seats the
member with his buy-in in the seat the page numbers (from 1), and a refused one says why on the page
it lands on (review 27 posted seat 0, got no seat, and did not see the reason)."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_a_plain_form_sit_seats_the_member(players, make_table):
    table = make_table()
    vera = players[0]
    page = _client(vera).post(f"/tables/{table.pk}/sit/", {"position": "2", "buy_in": "200"}, follow=True)
    assert page.status_code == 200
    assert page.redirect_chain[-1][0] == f"/tables/{table.pk}/"
    seat = table.seats.get(member__user=vera)
    assert seat.position == 1  # the page's seat 2
    assert seat.member.user == vera


@pytest.mark.parametrize(
    "position,buy_in", [("0", "200"), ("1", "-5"), ("1", "5000000"), ("x", "200"), ("1", "２００")]
)
def test_a_refused_plain_form_sit_says_why(players, make_table, position, buy_in):
    table = make_table()
    vera = players[0]
    sent = {"position": position, "buy_in": buy_in}
    page = _client(vera).post(f"/tables/{table.pk}/sit/", sent, follow=True)
    assert page.status_code == 200
    assert not table.seats.filter(member__user=vera).exists()
    shown = [str(m) for m in page.context["messages"]]
    assert shown and all(m.strip() for m in shown), shown
    if position == "0":
        assert "there is no seat 0" in shown[0], shown
