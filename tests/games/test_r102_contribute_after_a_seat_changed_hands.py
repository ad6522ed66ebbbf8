"""Review 102: a player who sits down where someone else gave his random string for the next deal is
still asked for his own (RULES.md 8). The page offered it by position: a string given by the seat's
last holder, who has stood up since, hid the offer from the newcomer, whose browser then never sent
his randomness, and the frame counted the seat as done."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync

from games.models import SeedContribution, TableSession
from games.services import table_leave, table_sit
from games.services.fairness import seed_contribute

from .sockets import connect, error_of, frames, is_error

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_newcomer_at_a_seat_whose_last_holder_gave_a_string_is_asked_for_his(make_table, players):
    vera, gleb, dasha = players[:3]
    table = make_table()
    table_sit(session_id=table.pk, user=vera, position=0, buy_in=200)
    table_sit(session_id=table.pk, user=gleb, position=1, buy_in=200)
    promised = TableSession.objects.get(pk=table.pk).next_commitment
    assert promised
    seed_contribute(session_id=table.pk, user=vera, value="vera's dice")
    assert table_leave(session_id=table.pk, user=vera)  # no deal yet: she stands up at once
    table_sit(session_id=table.pk, user=dasha, position=0, buy_in=200)

    async def scenario() -> tuple[list[str], list[str]]:
        socket = await connect(dasha, table.pk)
        assert (await socket.connect(timeout=5))[0]
        first = await frames(socket)
        await socket.send_json_to({"do": "contribute", "value": "dasha's dice", "commitment": promised})
        answer = await frames(socket, timeout=10)
        await socket.disconnect()
        return first, answer

    first, answer = async_to_sync(scenario)()
    # Her page asks her browser for her string: the seat's earlier string was Vera's.
    assert f'data-contribute="{promised}"' in first[-1]
    assert not [error_of(f) for f in answer if is_error(f)]
    assert 'data-contribute=""' in answer[-1]  # given now: no longer asked
    # Vera's string went with her (review 152: a deal mixes the strings of its own players only).
    assert "1 player has added randomness" in answer[-1]
    assert sorted(SeedContribution.objects.filter(commitment=promised).values_list("value", flat=True)) == [
        "dasha's dice",
        "vera's dice",
    ]


def test_a_player_who_sits_again_gives_one_string_to_a_deal(make_table, players):
    """Her string is hers, not her seat's: standing up and sitting down again (elsewhere) gave her
    a second string for the same deal, and the table said two players had added randomness."""
    vera, gleb = players[:2]
    table = make_table()
    table_sit(session_id=table.pk, user=vera, position=0, buy_in=200)
    table_sit(session_id=table.pk, user=gleb, position=1, buy_in=200)
    promised = TableSession.objects.get(pk=table.pk).next_commitment
    seed_contribute(session_id=table.pk, user=vera, value="vera's dice")
    assert table_leave(session_id=table.pk, user=vera)
    table_sit(session_id=table.pk, user=vera, position=2, buy_in=200)

    async def scenario() -> tuple[list[str], list[str]]:
        socket = await connect(vera, table.pk)
        assert (await socket.connect(timeout=5))[0]
        first = await frames(socket)
        await socket.send_json_to({"do": "contribute", "value": "again", "commitment": promised})
        answer = await frames(socket, timeout=10)
        await socket.disconnect()
        return first, answer

    first, answer = async_to_sync(scenario)()
    assert 'data-contribute=""' in first[-1]  # her page does not ask again
    assert "1 player has added randomness" in first[-1]
    assert [error_of(f)["error"] for f in answer if is_error(f)] == ["already_contributed"]
    assert list(SeedContribution.objects.filter(commitment=promised).values_list("value", flat=True)) == [
        "vera's dice"
    ]
