"""Review 70: a table closed at its end time said "This table is closed: ... there is no next deal."
and, just below it, "Next deal: the server has committed to its seed … · 0 players have added
randomness"; a table called off as a no-show promised a next deal too. A table that deals no more
promises no seed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.models import Deal, TableSession
from games.services import table_sit, tables_tick

from .conftest import play_deal_as_people

pytestmark = pytest.mark.django_db

T0 = timezone.now().replace(microsecond=0) + timedelta(days=1)


def _page(user, table) -> str:
    client = Client()
    client.force_login(user)
    return client.get(f"/tables/{table.pk}/").content.decode()


def test_a_table_closed_at_its_end_promises_no_next_deal(make_table, players):
    table = make_table(starts_at=T0, ends_at=T0 + timedelta(hours=2), min_players=2)
    tables_tick(T0 - timedelta(minutes=15))
    for position, user in enumerate(players[:3]):
        table_sit(session_id=table.pk, user=user, position=position, buy_in=200)
    assert "Next deal: the server has committed" in _page(players[0], table)  # while it is live
    tables_tick(T0)
    tables_tick(T0)
    deal = Deal.objects.get(session=table)
    TableSession.objects.filter(pk=table.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    play_deal_as_people(deal, players[:3])
    table.refresh_from_db()
    assert table.status == TableSession.Status.FINISHED
    page = _page(players[0], table)
    assert "there is no next deal" in page
    assert "Next deal: the server has committed" not in page
    assert 'id="next-deal-commitment"' not in page


def test_a_table_nobody_came_to_promises_no_next_deal(make_table, players):
    table = make_table(starts_at=T0, ends_at=T0 + timedelta(hours=2))
    tables_tick(T0 - timedelta(minutes=15))
    tables_tick(T0)
    tables_tick(T0 + timedelta(minutes=15))
    table.refresh_from_db()
    assert table.status == TableSession.Status.CANCELLED
    assert 'id="next-deal-commitment"' not in _page(players[0], table)
