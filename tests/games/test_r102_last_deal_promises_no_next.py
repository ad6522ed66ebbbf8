"""Review 102: past its end time a table's running deal is its last ("This table's time is over: it
closes when this deal ends.", review 70), yet the same frame said "Next deal: the server has
committed to its seed …", every seated player's browser sent a random string for that deal, and the
table took them: for a deal that never comes. A table that deals no more promises no seed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from django.utils import timezone

from games.models import Deal, SeedContribution, TableSession
from games.services import table_sit, tables_tick

from .sockets import connect, error_of, frames, is_error

pytestmark = pytest.mark.django_db(transaction=True)

T0 = timezone.now().replace(microsecond=0) + timedelta(days=1)


def test_the_last_deal_of_a_table_past_its_end_promises_no_next_one(make_table, players):
    table = make_table(starts_at=T0, ends_at=T0 + timedelta(hours=2), min_players=2)
    tables_tick(T0 - timedelta(minutes=15))
    for position, user in enumerate(players[:3]):
        table_sit(session_id=table.pk, user=user, position=position, buy_in=200)
    tables_tick(T0)
    tables_tick(T0)
    assert Deal.objects.filter(session=table, finished_at__isnull=True).exists()
    TableSession.objects.filter(pk=table.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    promised = TableSession.objects.get(pk=table.pk).next_commitment

    async def scenario() -> tuple[list[str], list[str]]:
        socket = await connect(players[1], table.pk)
        assert (await socket.connect(timeout=5))[0]
        first = await frames(socket)
        await socket.send_json_to({"do": "contribute", "value": "for no deal", "commitment": promised})
        answer = await frames(socket, timeout=10)
        await socket.disconnect()
        return first, answer

    first, answer = async_to_sync(scenario)()
    assert "it closes when this deal ends" in first[-1]
    assert "Next deal: the server has committed" not in first[-1]
    assert 'data-contribute=""' in first[-1]  # his browser sends no string
    assert [error_of(f)["error"] for f in answer if is_error(f)] == ["no_pending_deal"]
    assert not SeedContribution.objects.filter(session=table).exists()
