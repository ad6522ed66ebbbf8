"""Review 111: the table offered "Stand up…" to whoever may seat bots there: the opener of a practice
table was offered it for a member who sat down where one of his bots had been, and a manager for the
club's owner (or another manager) sitting at his table. Each was refused when sent ("Only the club's
managers can do this.", "Nobody can act on the club's owner."). The form is offered now only where the
stand-up would be taken: a manager over plain members, the owner (and the site's operator) over
managers too; bots keep their "Remove bot" for whoever may seat them."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from django.test import Client
from django.utils import timezone

from club.errors import ServiceError
from club.models import Membership
from games.services import table_bot_remove, table_sit, table_stand_up
from games.services.sessions import practice_table_open
from ledger.services import chips_grant

from .sockets import connect, frames

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _page(user, table_id: int) -> str:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    response = client.get(f"/tables/{table_id}/")
    assert response.status_code == 200
    return response.content.decode()


def _socket_frame(user, table_id: int) -> str:
    async def scenario() -> list[str]:
        socket = await connect(user, table_id)
        assert (await socket.connect(timeout=5))[0]
        got = await frames(socket)
        await socket.disconnect()
        return got

    shown = [f for f in async_to_sync(scenario)() if not f.startswith("{")]
    assert shown, "no picture of the table"
    return shown[-1]


@pytest.mark.usefixtures("memory_layer")
def test_practice_opener_is_not_offered_a_member_stand_up(club, players):
    opener, guest = players[0], players[1]
    table = practice_table_open(club=club, user=opener)
    assert table_bot_remove(session_id=table.pk, actor=opener, position=1) is True
    table_sit(session_id=table.pk, user=guest, position=1, buy_in=table.buy_in_min)
    with pytest.raises(ServiceError):
        table_stand_up(session_id=table.pk, actor=opener, position=1, reason="mine")
    for html in (_page(opener, table.pk), _socket_frame(opener, table.pk)):
        assert 'id="standup-box-2"' not in html
        assert 'value="unbot"' in html  # his bots are still his to remove


@pytest.mark.usefixtures("memory_layer")
def test_a_manager_is_not_offered_the_owner_stand_up(make_table, club, owner, players):
    manager, member = players[0], players[1]
    Membership.objects.filter(club=club, user=manager).update(role=Membership.Role.MANAGER)
    table = make_table()
    mine = Membership.objects.get(club=club, user=owner)
    chips_grant(membership=mine, amount=1000, actor=owner, reason="to play", approved=True)
    table_sit(session_id=table.pk, user=owner, position=0, buy_in=200)
    table_sit(session_id=table.pk, user=member, position=1, buy_in=200)
    table_sit(session_id=table.pk, user=players[2], position=2, buy_in=200)
    Membership.objects.filter(club=club, user=players[2]).update(role=Membership.Role.MANAGER)
    for html in (_page(manager, table.pk), _socket_frame(manager, table.pk)):
        assert 'id="standup-box-1"' not in html  # the owner
        assert 'id="standup-box-3"' not in html  # another manager
        assert 'id="standup-box-2"' in html  # a plain member
    # The owner may stand up managers and members.
    for html in (_page(owner, table.pk), _socket_frame(owner, table.pk)):
        assert 'id="standup-box-2"' in html and 'id="standup-box-3"' in html
