"""A table socket draws the managers' controls (seat a bot, stand a player up) as the reader's role
was when it connected. A manager demoted by the owner went on seeing them on his open table, each
click refused; a member made manager saw none until he reloaded (review 85). The heartbeat reads
the membership anyway: a changed role draws the table again."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync, sync_to_async

from club import services as club_services
from club.models import Membership
from games import consumers

from .sockets import connect, frames, is_error

# The in-memory channel layer (the fixture in conftest.py).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("memory_layer")]

BOT_BUTTON = 'id="bot-'


@pytest.fixture(autouse=True)
def _quick_beats(monkeypatch):
    monkeypatch.setattr(consumers, "HEARTBEAT_SECONDS", 0.05)


async def _next_picture(socket, *, with_bot_button: bool) -> bool:
    for _ in range(60):
        for frame in await frames(socket, timeout=0.1):
            if not is_error(frame) and (BOT_BUTTON in frame) == with_bot_button:
                return True
    return False


def test_a_role_changed_while_the_table_is_open_redraws_its_controls(make_table, players, owner, club):
    table = make_table()
    gleb = players[1]
    membership = Membership.objects.get(club=club, user=gleb)

    def set_role(role: str) -> None:
        club_services.membership_set_role(membership=membership, actor=owner, role=role)

    async def scenario() -> tuple[bool, bool, bool]:
        socket = await connect(gleb, table.pk)
        assert (await socket.connect(timeout=5))[0]
        first = await frames(socket)
        plain = bool(first) and BOT_BUTTON not in first[0]
        await sync_to_async(set_role)(Membership.Role.MANAGER)
        promoted = await _next_picture(socket, with_bot_button=True)
        await sync_to_async(set_role)(Membership.Role.MEMBER)
        demoted = await _next_picture(socket, with_bot_button=False)
        await socket.disconnect()
        return plain, promoted, demoted

    plain, promoted, demoted = async_to_sync(scenario)()
    assert plain
    assert promoted
    assert demoted
