"""A player stood up mid-deal (by a manager, or by leaving the club) cannot say "I'm back": his seat
stays away and removed, so the clock keeps making his default moves at once until the deal ends."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from django.utils import timezone

from club import services as club_services
from games.engine import to_act
from games.models import Deal, Seat
from games.services import TableError, dealing, table_back, table_stand_up

from .conftest import sit_all, start_deal
from .sockets import connect, error_of, frames, is_error


def _stood_up_on_his_turn(make_table, players, owner) -> tuple[Deal, Seat]:
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    seat = Seat.objects.select_related("member__user").get(pk=deal.players[to_act(dealing.deal_state(deal))])
    assert table_stand_up(session_id=table.pk, actor=owner, position=seat.position, reason="abuse") is False
    deal.refresh_from_db()
    assert deal.deadline <= timezone.now()
    return deal, seat


@pytest.mark.django_db
def test_a_player_stood_up_by_a_manager_cannot_come_back(make_table, players, owner):
    deal, seat = _stood_up_on_his_turn(make_table, players, owner)
    before = deal.deadline
    with pytest.raises(TableError) as refused:
        table_back(session_id=deal.session_id, user=seat.member.user)
    assert refused.value.code == "removed"
    seat.refresh_from_db()
    deal.refresh_from_db()
    assert seat.status == Seat.Status.AWAY and seat.removed
    assert deal.deadline == before


@pytest.mark.django_db
def test_a_player_who_left_the_club_mid_deal_and_rejoined_cannot_come_back(make_table, players, club):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    user = players[0]
    club_services.membership_leave(club=club, user=user)
    club_services.membership_join(club=club, user=user)
    seat = Seat.objects.get(session=table, member__user=user)
    assert seat.removed and seat.status == Seat.Status.AWAY
    with pytest.raises(TableError) as refused:
        table_back(session_id=table.pk, user=user)
    assert refused.value.code == "removed"
    seat.refresh_from_db()
    assert seat.status == Seat.Status.AWAY and seat.removed
    assert Deal.objects.get(pk=deal.pk).finished_at is None


@pytest.mark.django_db(transaction=True)
def test_back_over_the_socket_is_refused_and_changes_nothing(make_table, players, owner):
    deal, seat = _stood_up_on_his_turn(make_table, players, owner)
    before = deal.deadline

    async def scenario() -> list[str]:
        socket = await connect(seat.member.user, deal.session_id)
        assert (await socket.connect(timeout=5))[0]
        await frames(socket)
        await socket.send_json_to({"do": "back"})
        got = await frames(socket, timeout=10)  # the answer, however long a busy machine takes
        await socket.disconnect()
        return got

    got = async_to_sync(scenario)()
    errors = [error_of(frame) for frame in got if is_error(frame)]
    assert [e["error"] for e in errors] == ["removed"], got
    assert errors[0]["message"]
    seat.refresh_from_db()
    deal.refresh_from_db()
    assert seat.status == Seat.Status.AWAY and seat.removed
    assert deal.deadline == before
