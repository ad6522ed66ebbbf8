"""Review 55: a table action sent again over the socket (two tabs of one player, a click that got
past the page's guard) after the first had done it came back as an error frame the page shows in
red: "You are already marked away." for an "Away" that had worked. The frame now says the request
is done ("done": true) and the page shows it as news, not in red; a real refusal carries no "done"
(the page: tests/e2e/test_review55_done_not_red.py)."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync

from games.services import table_sit

from .sockets import connect, frames, is_error

# The in-memory channel layer (the fixture in conftest.py).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("memory_layer")]


def test_away_sent_twice_is_a_done_frame(make_table, players):
    table = make_table()
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)

    async def scenario() -> list[dict]:
        socket = await connect(players[0], table.pk)
        assert (await socket.connect(timeout=5))[0]
        await frames(socket)
        said = []
        for message in ({"do": "away"}, {"do": "away"}, {"do": "sit", "position": 3, "buy_in": 200}):
            await socket.send_json_to(message)
            said += [json.loads(f) for f in await frames(socket, timeout=1) if is_error(f)]
        await socket.disconnect()
        return said

    said = async_to_sync(scenario)()
    assert said[0]["error"] == "already_away" and said[0].get("done") is True, said
    assert said[0]["message"] == "You are already marked away."
    assert said[-1]["error"] == "already_seated" and not said[-1].get("done"), said
