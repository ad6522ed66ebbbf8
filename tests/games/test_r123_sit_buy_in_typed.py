"""The plain "Sit down" form (no JavaScript) answered a buy-in typed with spaces around it (" 200 ")
or a word ("abc") with "That message could not be read: …", the sentence of a malformed socket
message (review 123). The spaces are dropped, as any form field drops them, and a buy-in that is no
whole number is told so in the form's words, naming the field as the form does."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_time_zone() -> None:
    timezone.deactivate()


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


@pytest.mark.parametrize("typed", [" 200 ", "200\t", "\n200"])
def test_a_buy_in_with_spaces_around_it_seats_the_member(players, make_table, typed):
    table = make_table()
    vera = players[0]
    page = _client(vera).post(f"/tables/{table.pk}/sit/", {"position": "1", "buy_in": typed}, follow=True)
    shown = [str(m) for m in page.context["messages"]]
    assert not any("could not be read" in m for m in shown), shown
    assert table.seats.get(member__user=vera).position == 0


@pytest.mark.parametrize("typed", ["abc", "2 00", "1.5", "", "-5"])
def test_a_buy_in_that_is_no_whole_number_is_told_plainly(players, make_table, typed):
    table = make_table()
    vera = players[0]
    page = _client(vera).post(f"/tables/{table.pk}/sit/", {"position": "1", "buy_in": typed}, follow=True)
    shown = [str(m) for m in page.context["messages"]]
    assert shown == ["“Chips to bring”: the buy-in must be a whole number of chips."], shown
    assert not table.seats.filter(member__user=vera).exists()


def test_a_bot_buy_in_with_spaces_seats_the_bot(players, make_table, owner):
    table = make_table()
    page = _client(owner).post(
        f"/tables/{table.pk}/bots/", {"do": "bot", "position": "3", "buy_in": " 200 "}, follow=True
    )
    shown = [str(m) for m in page.context["messages"]]
    assert not any("could not be read" in m for m in shown), shown
    assert table.seats.filter(position=2).exists()
