"""A socket frame's text holding a lone UTF-16 surrogate (review 12).

``{"reason": "bye \\ud800"}`` is valid JSON, and it parses to a Python string that is no text: a
manager's stand-up by socket with such a reason was applied and its reason saved in the moderation
log (SQLite keeps it), and from then on the club page of every manager, the owner's too, was a 500
(encoding the page raised UnicodeEncodeError). PostgreSQL refuses it in a JSON column, so there the
stand-up failed with "try again" for ever. The frame is refused before any service runs, with a
reason in the reader's language, and the socket stays usable.
"""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

from club.models import AuditLog
from games.models import Seat

from .conftest import sit_all
from .sockets import connect, error_of, frames, is_error

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_stand_up_reason_with_a_lone_surrogate_is_refused_and_the_club_page_still_opens(
    make_table, players, owner, club
):
    table = make_table()
    sit_all(table, players[:1])

    async def scenario() -> tuple[list[str], list[str]]:
        manager = await connect(owner, table.pk)
        assert (await manager.connect(timeout=5))[0]
        await frames(manager)
        await manager.send_to(
            text_data='{"do": "standup", "position": 1, "reason": "bye \\ud800", "seq": 0}'
        )
        refused = await frames(manager, timeout=10)
        await manager.send_json_to({"do": "sync"})
        after = await frames(manager, timeout=10)
        await manager.disconnect()
        return refused, after

    refused, after = async_to_sync(scenario)()
    errors = [error_of(f) for f in refused if is_error(f)]
    assert [e["error"] for e in errors] == ["bad_unicode"] and errors[0]["message"]
    assert after and not is_error(after[-1])  # the socket still answers
    seat = Seat.objects.get(session=table, position=0)
    assert seat.status == Seat.Status.SITTING and not seat.leave_after_deal
    assert not AuditLog.objects.filter(action="table.stood_up_by_manager").exists()

    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    assert client.get(f"/clubs/{club.slug}/").status_code == 200


@pytest.mark.parametrize(
    "frame",
    [
        '{"do": "contribute", "value": "\\udc00"}',
        '{"do\\ud83d": "sync"}',
        '{"do": "play", "card": "\\ud800", "seq": 0, "deal": 1}',
    ],
)
def test_any_lone_surrogate_in_a_table_frame_is_refused_in_the_readers_language(
    make_table, players, frame
):
    table = make_table()
    players[0].preferred_language = "ru"
    players[0].save(update_fields=["preferred_language"])

    async def scenario() -> list[str]:
        socket = await connect(players[0], table.pk)
        assert (await socket.connect(timeout=5))[0]
        await frames(socket)
        await socket.send_to(text_data=frame)
        got = await frames(socket, timeout=10)  # its answer, however long a busy machine takes
        await socket.disconnect()
        return got

    got = async_to_sync(scenario)()
    error = error_of(got[-1])
    assert error["error"] == "bad_unicode"
    assert "суррогатн" in error["message"]


def test_a_surrogate_pair_is_one_character_and_passes():
    from club.ws import parse_message

    assert parse_message('{"v": "\\ud83d\\ude00"}', max_depth=4, max_int_digits=18) == {"v": "😀"}
