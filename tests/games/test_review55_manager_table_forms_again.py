"""Review 55: a manager's table forms sent again (a browser's retry, a second tab, no JavaScript)
after the first copy had done it answered in red: "Stand up" for a player now leaving after the
deal "This player already leaves the table after the deal in play.", "Seat a bot" at the seat the
bot now held "That seat is taken.". What he asked for is so: said as news (info); one bot, one
stand-up in the log. A seat taken by a person is still refused in red."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from club.models import AuditLog
from games.models import Seat

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _said(response) -> list[tuple[str, str]]:
    return [(m.level_tag, str(m)) for m in get_messages(response.wsgi_request)]


def test_stand_up_sent_again_during_the_deal_is_said_done(make_table, players, owner):
    table = make_table()
    sit_all(table, players)
    start_deal(table)
    client = _client(owner)
    form = {"do": "standup", "position": "2", "reason": "rude"}
    client.post(f"/tables/{table.pk}/standup/", form)
    said = _said(client.post(f"/tables/{table.pk}/standup/", form))
    assert said[-1] == ("info", "This player already leaves the table after the deal in play."), said
    assert AuditLog.objects.filter(action="table.stood_up_by_manager").count() == 1


def test_a_bot_seated_again_is_said_done(make_table, players, owner):
    table = make_table()
    client = _client(owner)
    form = {"do": "bot", "position": "3", "buy_in": "200"}
    client.post(f"/tables/{table.pk}/bots/", form)
    said = _said(client.post(f"/tables/{table.pk}/bots/", form))
    assert said and said[-1] == ("info", "A bot already sits at seat 3."), said
    assert Seat.objects.filter(session=table, left_at__isnull=True).exclude(bot="").count() == 1


def test_a_bot_at_a_players_seat_is_still_refused(make_table, players, owner):
    table = make_table()
    sit_all(table, players[:1])
    said = _said(
        _client(owner).post(f"/tables/{table.pk}/bots/", {"do": "bot", "position": "1", "buy_in": "200"})
    )
    assert said[-1] == ("error", "That seat is taken."), said
