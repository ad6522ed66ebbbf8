"""Review 59: a string refused as late ('late_contribution') was forgotten by the browser as 'the
last string it sent'. The table's new commitment, broadcast when the deal was dealt, often reaches
the browser before the refusal of the string it sent for that deal: the browser has by then sent
its string for the next deal, forgot that one (kept by the server: the Fairness page no longer
showed it mixed in) and kept the late one, so the Fairness page told the player the server had left
his string out of a fair deal. The refusal now names the commitment and the string it refused, and
the browser forgets that one."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync

from games.models import TableSession

from .conftest import sit_all, start_deal
from .sockets import connect, error_of, frames, is_error

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_late_refusal_names_the_string_it_refused(make_table, players):
    table = make_table(turn_seconds=600)
    sit_all(table, players)
    seen = TableSession.objects.get(pk=table.pk).next_commitment
    start_deal(table)

    async def talk() -> list[str]:
        socket = await connect(players[0], table.pk)
        await socket.connect(timeout=5)
        await frames(socket)
        await socket.send_json_to({"do": "contribute", "value": "a" * 32, "commitment": seen.upper()})
        late = await frames(socket, timeout=10)
        await socket.disconnect()
        return late

    errors = [error_of(f) for f in async_to_sync(talk)() if is_error(f)]
    assert [e["error"] for e in errors] == ["late_contribution"], errors
    assert errors[0]["commitment"] == seen.lower() and errors[0]["value"] == "a" * 32, errors
