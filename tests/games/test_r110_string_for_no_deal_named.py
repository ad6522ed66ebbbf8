"""Review 110: a string refused because no deal waits for one ('no_pending_deal': the table's end
time passed between the frame and the string) is named in the refusal, as a late one is: the browser
forgets that string (it is in no deal), and not the last it sent, which may be another one."""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from django.utils import timezone

from games.models import TableSession
from games.services import table_sit, tables_tick

from .sockets import connect, error_of, frames, is_error

pytestmark = pytest.mark.django_db(transaction=True)

T0 = timezone.now().replace(microsecond=0) + timedelta(days=1)


def test_a_string_for_no_deal_is_named_in_its_refusal(make_table, players):
    table = make_table(starts_at=T0, ends_at=T0 + timedelta(hours=2), min_players=2)
    tables_tick(T0 - timedelta(minutes=15))
    for position, user in enumerate(players[:3]):
        table_sit(session_id=table.pk, user=user, position=position, buy_in=200)
    tables_tick(T0)
    tables_tick(T0)
    TableSession.objects.filter(pk=table.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    promised = TableSession.objects.get(pk=table.pk).next_commitment

    async def scenario() -> list[str]:
        socket = await connect(players[1], table.pk)
        assert (await socket.connect(timeout=5))[0]
        await frames(socket)
        await socket.send_json_to({"do": "contribute", "value": "for no deal", "commitment": promised})
        answer = await frames(socket, timeout=10)
        await socket.disconnect()
        return answer

    errors = [error_of(f) for f in async_to_sync(scenario)() if is_error(f)]
    assert [(e["error"], e.get("commitment"), e.get("value")) for e in errors] == [
        ("no_pending_deal", promised, "for no deal")
    ]
