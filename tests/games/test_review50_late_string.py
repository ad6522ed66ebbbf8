"""Review 50: a browser's random string that reaches the server after the deal it was meant for
was dealt was filed under the next deal's commitment. The browser, seeing that next commitment,
sent its string for it and was refused ("already added"), yet remembered it: the Fairness page then
told the player his string had been left out of a fair deal. The message now names the commitment
the browser saw; a string for a deal already dealt is refused as late, and the next one is kept."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync

from games.models import SeedContribution, TableSession

from .conftest import sit_all, start_deal
from .sockets import connect, error_of, frames, is_error

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_string_sent_for_a_deal_already_dealt_is_not_filed_under_the_next(make_table, players):
    table = make_table(turn_seconds=600)
    sit_all(table, players)
    seen = TableSession.objects.get(pk=table.pk).next_commitment  # on the page as the player sat down
    deal = start_deal(table)
    assert deal.commitment == seen
    following = TableSession.objects.get(pk=table.pk).next_commitment

    async def talk() -> tuple[list[str], list[str]]:
        socket = await connect(players[0], table.pk)
        await socket.connect(timeout=5)
        await frames(socket)
        await socket.send_json_to({"do": "contribute", "value": "a" * 32, "commitment": seen})
        late = await frames(socket, timeout=10)
        await socket.send_json_to({"do": "contribute", "value": "b" * 32, "commitment": following})
        kept = await frames(socket, timeout=2)
        await socket.disconnect()
        return late, kept

    late, kept = async_to_sync(talk)()
    errors = [error_of(f) for f in late if is_error(f)]
    assert [e["error"] for e in errors] == ["late_contribution"], late
    assert not [f for f in kept if is_error(f)], kept
    assert list(SeedContribution.objects.filter(commitment=following).values_list("value", flat=True)) == [
        "b" * 32
    ]
    assert not SeedContribution.objects.filter(commitment=seen).exists()


def test_a_string_for_the_pending_deal_is_kept(make_table, players):
    table = make_table(turn_seconds=600)
    sit_all(table, players[:3])
    seen = TableSession.objects.get(pk=table.pk).next_commitment

    async def talk() -> list[str]:
        socket = await connect(players[1], table.pk)
        await socket.connect(timeout=5)
        await frames(socket)
        await socket.send_json_to({"do": "contribute", "value": "c" * 32, "commitment": seen.upper()})
        said = await frames(socket, timeout=10)
        await socket.disconnect()
        return said

    said = async_to_sync(talk)()
    assert not [f for f in said if is_error(f)], said
    assert SeedContribution.objects.get(commitment=seen).value == "c" * 32
