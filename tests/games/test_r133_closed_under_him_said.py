"""Review 133: a table called off by a manager (or closed at its end time) while a member sat there
sends his chips home. His page, still open, offered "Leave": pressed, it answered "You have already
left this table." (he had not, and nothing said where his chips were), and "Away" or "I'm back"
answered "You are not sitting at this table." He is told the table was cancelled, or closed, and
that his chips are back in his wallet, as news: nothing is left for him to do."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.models import TableSession
from games.services.schedule import session_cancel, session_end

from .conftest import sit_all

pytestmark = pytest.mark.django_db

CANCELLED = "This table was cancelled while you sat there; your chips are back in your wallet."
CLOSED = "This table has closed; your chips are back in your wallet."


@pytest.fixture(autouse=True)
def _no_time_zone() -> None:
    timezone.deactivate()


def _closed_under(players, make_table, owner, how: str) -> TableSession:
    table = make_table(ends_at=timezone.now() + timedelta(hours=1))
    sit_all(table, players[:1])
    if how == "cancel":
        session_cancel(session_id=table.pk, actor=owner)
    else:
        TableSession.objects.filter(pk=table.pk).update(ends_at=timezone.now())
        assert session_end(session_id=table.pk, now=timezone.now() + timedelta(minutes=1))
    return table


@pytest.mark.parametrize(("how", "words"), [("cancel", CANCELLED), ("end", CLOSED)])
@pytest.mark.parametrize("form", ["leave", "away", "back"])
def test_his_stale_seat_form_says_the_table_closed_under_him(players, make_table, owner, how, words, form):
    table = _closed_under(players, make_table, owner, how)
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    page = client.post(f"/tables/{table.pk}/{form}/", follow=True)
    shown = [(str(m), m.level_tag) for m in page.context["messages"]]
    assert shown == [(words, "info")], shown


def test_his_own_leave_before_the_cancel_is_still_his(players, make_table, owner):
    from games.services import table_leave

    table = make_table()
    sit_all(table, players[:2])
    table_leave(session_id=table.pk, user=players[0])
    session_cancel(session_id=table.pk, actor=owner)
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    page = client.post(f"/tables/{table.pk}/leave/", follow=True)
    assert [str(m) for m in page.context["messages"]] == ["You have already left this table."]


def test_in_russian(players, make_table, owner):
    table = _closed_under(players, make_table, owner, "cancel")
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    page = client.post(f"/tables/{table.pk}/leave/", follow=True)
    shown = [str(m) for m in page.context["messages"]]
    assert len(shown) == 1 and shown[0] != CANCELLED and "кошел" in shown[0], shown
