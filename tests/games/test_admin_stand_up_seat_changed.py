"""A stand-up acts on the seat the manager saw, not on whoever sits at its position now: a player
who sat down there since is not stood up for the one who left (the service checks the seat under
the table's lock), and a stale admin list says its ticked player has left instead of doing nothing
in silence."""

from __future__ import annotations

import pytest
from django.test import Client

from club import services as club_services
from club.models import AuditLog
from games.models import Seat
from games.services import TableError, table_leave, table_sit, table_stand_up
from ledger.services import chips_grant

from .conftest import sit_all

pytestmark = pytest.mark.django_db


@pytest.fixture
def changed_seat(make_table, players, owner, make_user, club):
    """Seat 3's row as the manager saw it (its player's), after that player left and Boris sat there."""
    table = make_table()
    sit_all(table, players[:3])
    seen = Seat.objects.get(session=table, position=2, member__user=players[2])
    boris = make_user("boris", display_name="Boris")
    club_services.membership_join(club=club, user=boris)
    chips_grant(
        membership=boris.memberships.get(club=club),
        amount=500,
        actor=owner,
        reason="welcome",
        idempotency_key="seat-changed:boris",
    )
    table_leave(session_id=table.pk, user=players[2])
    table_sit(session_id=table.pk, user=boris, position=2, buy_in=200)
    return table, seen, boris


def test_the_newcomer_is_not_stood_up_for_the_player_who_left(changed_seat, owner):
    table, seen, boris = changed_seat
    with pytest.raises(TableError) as refused:
        table_stand_up(session_id=table.pk, actor=owner, position=2, reason="went home", seat_id=seen.pk)
    assert refused.value.code == "seat_changed"
    assert "Seat 3 has changed hands" in str(refused.value.message)
    assert Seat.objects.get(session=table, member__user=boris).status != Seat.Status.LEFT
    assert not AuditLog.objects.filter(action="table.stood_up_by_manager").exists()


def test_the_seat_as_seen_is_stood_up(changed_seat, owner):
    table, _seen, boris = changed_seat
    now_seen = Seat.objects.get(session=table, member__user=boris)
    assert table_stand_up(session_id=table.pk, actor=owner, position=2, reason="late", seat_id=now_seen.pk)
    assert Seat.objects.get(pk=now_seen.pk).status == Seat.Status.LEFT


def test_a_stale_admin_list_says_the_ticked_player_has_left(changed_seat, owner):
    table, seen, boris = changed_seat
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(
        "/admin/games/seat/",
        {"action": "stand_up_selected", "_selected_action": [seen.pk], "reason": "went home"},
        follow=True,
    )
    assert "1 of the ticked players has left the table already." in response.content.decode()
    assert Seat.objects.get(session=table, member__user=boris).status != Seat.Status.LEFT
