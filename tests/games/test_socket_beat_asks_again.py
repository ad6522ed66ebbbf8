"""A ban's kick reaches a table socket through the channel layer. One that restarted empty (Redis
without persistence) as the ban came lost it: the banned member's socket stayed open and in the
table's groups (joined again at every beat), and he went on watching the table until he reloaded.
The heartbeat asks the database again, and a member still welcome keeps his socket."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync, sync_to_async

from club import services as club_services
from club.models import Membership
from games import consumers

from .conftest import sit_all
from .sockets import connect, error_of, frames, is_error
from .test_review32_ban_during_connect import memory_layer  # noqa: F401  (a fixture)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("memory_layer")]


@pytest.fixture(autouse=True)
def _quick_beats(monkeypatch):
    monkeypatch.setattr(consumers, "HEARTBEAT_SECONDS", 0.05)


def _ban_unheard(membership: Membership) -> None:
    """The ban as the database has it, its kick lost with the channel layer."""
    Membership.objects.filter(pk=membership.pk).update(
        status=Membership.Status.BANNED, ban_reason="lost kick"
    )


async def _until_closed(socket) -> tuple[list[str], int | None]:
    said: list[str] = []
    for _ in range(40):
        if await socket.receive_nothing(timeout=0.1):
            continue
        output = await socket.receive_output(timeout=2)
        if output["type"] == "websocket.close":
            return said, output.get("code")
        said.append(output["text"])
    return said, None


def test_a_ban_whose_kick_was_lost_closes_the_socket_at_the_next_beat(make_table, players, make_user, club):
    table = make_table()
    sit_all(table, players)
    watcher = make_user("unheard")
    membership = club_services.membership_join(club=club, user=watcher)

    async def scenario():
        socket = await connect(watcher, table.pk)
        assert (await socket.connect(timeout=5))[0]
        await frames(socket)
        await sync_to_async(_ban_unheard)(membership)
        said, code = await _until_closed(socket)
        await socket.disconnect()
        return said, code

    said, code = async_to_sync(scenario)()
    assert code == 4403, "the banned member's socket stayed open"
    assert [error_of(f)["error"] for f in said if is_error(f)] == ["banned_for"]


def test_a_member_still_welcome_keeps_his_socket_across_beats(make_table, players, make_user, club):
    table = make_table()
    sit_all(table, players)
    watcher = make_user("welcome")
    club_services.membership_join(club=club, user=watcher)

    async def scenario():
        socket = await connect(watcher, table.pk)
        assert (await socket.connect(timeout=5))[0]
        await frames(socket)
        said, code = await _until_closed(socket)
        await socket.disconnect()
        return said, code

    said, code = async_to_sync(scenario)()
    assert code is None and not any(is_error(f) for f in said)
