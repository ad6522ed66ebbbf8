"""Review 111: a manager looking at a table that is scheduled (its start still to come, nobody may sit
yet) was offered "Seat a bot here" at every seat, and each press was refused: "This table is not open
for play.". Bots are offered where they may sit, as players' seats are: at an open or running table."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.models import TableSession
from games.services import TableError, table_bot_add

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _page(user, table_id: int) -> str:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    response = client.get(f"/tables/{table_id}/")
    assert response.status_code == 200
    return response.content.decode()


def test_no_bot_form_before_the_start(make_table, owner):
    table = make_table(starts_at=timezone.now() + timedelta(days=1))
    assert table.status == TableSession.Status.SCHEDULED
    with pytest.raises(TableError) as refused:
        table_bot_add(session_id=table.pk, actor=owner, position=0, buy_in=100)
    assert refused.value.code == "table_closed"
    assert 'id="bot-1"' not in _page(owner, table.pk)


def test_the_bot_form_at_an_open_table(make_table, owner):
    table = make_table()
    assert table.status == TableSession.Status.OPEN
    assert 'id="bot-1"' in _page(owner, table.pk)
