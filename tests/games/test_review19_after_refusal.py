"""A socket the table refused at connect is accepted only to be told why, then closed: whatever its
client sends in that moment is not read (a stranger's frame reached the services with no table
known to the socket, and the consumer died on it)."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth.models import AnonymousUser

from .sockets import connect

# The in-memory channel layer (the fixture in conftest.py).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("memory_layer")]


@pytest.mark.parametrize("who", ["anonymous", "stranger"])
def test_a_refused_socket_reads_nothing_more(make_table, make_user, who):
    table = make_table()
    user = AnonymousUser() if who == "anonymous" else make_user("stranger")

    async def scenario() -> list[dict]:
        socket = await connect(user, table.pk)
        connected, _code = await socket.connect(timeout=5)
        assert connected
        for message in ({"do": "sync"}, {"do": "sit", "position": 1, "buy_in": 100}, {"do": "leave"}):
            await socket.send_json_to(message)
        outputs = []
        wait = 10.0  # the refusal itself may take longer than half a second on a loaded machine
        while not await socket.receive_nothing(timeout=wait):
            outputs.append(await socket.receive_output(timeout=5))
            wait = 0.5
        await socket.disconnect()  # raises what the consumer died of, if it did
        return outputs

    outputs = async_to_sync(scenario)()
    texts = [o.get("text") for o in outputs if o["type"] == "websocket.send"]
    assert len(texts) == 1, texts  # the refusal, and nothing for what came after it
    assert [o["type"] for o in outputs][-1] == "websocket.close"


def test_a_stranger_learns_nothing_of_a_table_he_may_not_see(make_table, make_user):
    """Told why at connect, a stranger could tell a table that exists (not a member) from one that
    does not; the table's page answers both with one 404."""
    from .sockets import refused

    table = make_table()
    stranger = make_user("stranger")

    async def scenario() -> list[tuple[str | None, int | None]]:
        return [await refused(await connect(stranger, pk)) for pk in (table.pk, table.pk + 1000)]

    there, missing = async_to_sync(scenario)()
    assert there == missing == ("not_found", 4403)
