"""Review 54: a socket frame that names a field twice.

``{"do": "away", "do": "sit", "position": 1, "buy_in": 100}`` is valid JSON, and Python keeps the
last of the two: the frame that read "away" to anything that checked its first field sat the player
down with 100 chips. A frame (like a scenario file, review 38, and a table's rule changes) names each
field once; one that does not is refused with an error frame in the reader's language, the seat and
the ledger do not move, and the socket stays usable.
"""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync

from club.ws import MessageRefused, parse_message
from games.models import Seat
from ledger.models import Entry

from .sockets import connect, error_of, frames, is_error

pytestmark = pytest.mark.django_db(transaction=True)

SAID = {
    "en": "The message names a field twice.",
    "ru": "В сообщении одно поле указано дважды.",
    "bg": "В съобщението едно поле е посочено два пъти.",
}


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_a_field_named_twice_is_refused_and_seats_no_one(make_table, players, language):
    table = make_table()
    entries = Entry.objects.count()

    async def scenario() -> tuple[list[str], list[str]]:
        socket = await connect(players[0], table.pk)
        socket.scope["cookies"] = {"django_language": language}
        assert (await socket.connect(timeout=5))[0]
        await frames(socket)
        await socket.send_to(text_data='{"do": "away", "do": "sit", "position": 1, "buy_in": 100}')
        refused = await frames(socket, timeout=10)
        await socket.send_json_to({"do": "sync"})
        after = await frames(socket, timeout=10)
        await socket.disconnect()
        return refused, after

    refused, after = async_to_sync(scenario)()
    errors = [error_of(f) for f in refused if is_error(f)]
    assert len(refused) == 1 and len(errors) == 1, refused
    assert errors[0]["error"] == "duplicate_key"
    assert errors[0]["message"] == SAID[language]
    assert after and not is_error(after[-1])  # the socket still answers
    assert not Seat.objects.filter(session=table).exists()
    assert Entry.objects.count() == entries


def test_nested_objects_are_checked_too():
    with pytest.raises(MessageRefused) as caught:
        parse_message('{"do": "sync", "HEADERS": {"a": 1, "a": 2}}', max_depth=4, max_int_digits=18)
    assert caught.value.code == "duplicate_key"
    once = parse_message('{"do": "sync", "HEADERS": {"a": 1}}', max_depth=4, max_int_digits=18)
    assert once == {"do": "sync", "HEADERS": {"a": 1}}
