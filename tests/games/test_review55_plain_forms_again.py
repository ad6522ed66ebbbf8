"""Review 55: the table page's plain forms (the page without JavaScript, a browser's retry, a second
tab) sent again after the first copy had done it: "Sit down" at the seat he now held answered in red
"You already sit at this table.", "Away" "You are already marked away.", "I'm back" "You are not
marked away.", as if each had failed. What he asked for is so: it is said as news (info); nothing is
booked twice (one seat, one buy-in). Sitting at another seat is still refused in red."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from games.models import Seat
from ledger.services import ledger_verify

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _said(response) -> list[tuple[str, str]]:
    return [(m.level_tag, str(m)) for m in get_messages(response.wsgi_request)]


def test_sit_away_and_back_sent_again_are_said_done(players, make_table):
    table = make_table()
    client = _client(players[0])
    for path, data in (("sit", {"position": "2", "buy_in": "200"}), ("away", {}), ("back", {})):
        client.post(f"/tables/{table.pk}/{path}/", data)
        said = _said(client.post(f"/tables/{table.pk}/{path}/", data))
        assert said and said[-1][0] == "info", (path, said)
        assert not [text for tag, text in said if tag == "error"], (path, said)
    assert Seat.objects.filter(session=table, member__user=players[0]).count() == 1
    assert ledger_verify()[0] == []


def test_another_seat_is_still_refused(players, make_table):
    table = make_table()
    client = _client(players[0])
    client.post(f"/tables/{table.pk}/sit/", {"position": "2", "buy_in": "200"})
    said = _said(client.post(f"/tables/{table.pk}/sit/", {"position": "3", "buy_in": "200"}))
    assert said[-1] == ("error", "You already sit at this table."), said
