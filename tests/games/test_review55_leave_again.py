"""Review 55: "Leave" sent again by a plain form (no JavaScript, a browser's retry, a second tab)
after the first copy had stood him up answered in red "You are not sitting at this table.", below
the news that he had left, as if leaving had failed. It is said as done (info), in his language;
his chips moved back once. Someone who never sat there is still refused."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from club.models import AuditLog
from games.services import TableError, table_leave
from ledger.services import ledger_verify

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _said(response) -> list[tuple[str, str]]:
    return [(m.level_tag, str(m)) for m in get_messages(response.wsgi_request)]


def test_leave_sent_again_is_said_done(players, make_table):
    table = make_table()
    client = _client(players[0])
    client.post(f"/tables/{table.pk}/sit/", {"position": "1", "buy_in": "200"})
    client.post(f"/tables/{table.pk}/leave/")
    said = _said(client.post(f"/tables/{table.pk}/leave/"))
    assert said[-1] == ("info", "You have already left this table."), said
    assert not [text for tag, text in said if tag == "error"]
    assert AuditLog.objects.filter(action="table.stood_up").count() == 1
    assert ledger_verify()[0] == []


def test_in_russian(players, make_table):
    players[0].preferred_language = "ru"
    players[0].save(update_fields=["preferred_language"])
    table = make_table()
    client = _client(players[0])
    client.post(f"/tables/{table.pk}/sit/", {"position": "1", "buy_in": "200"})
    client.post(f"/tables/{table.pk}/leave/")
    page = client.post(f"/tables/{table.pk}/leave/", follow=True).content.decode()
    assert "Вы уже ушли из-за этого стола." in page


def test_one_who_never_sat_there_is_refused(players, make_table):
    table = make_table()
    with pytest.raises(TableError) as refused:
        table_leave(session_id=table.pk, user=players[1])
    assert refused.value.code == "not_seated" and not refused.value.done
