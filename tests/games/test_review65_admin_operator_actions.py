"""The site's operator (a superuser, the demo's `admin`) sees every club's tables in the admin and is
offered *Cancel*, *Skip this week*, *Move the start* and the seats' *Stand up*, but he manages no
club: each was refused with "Only active members of this club can play at its tables." (words about
playing), and the move said them beside the date field, as if another time would do. They now say
that only the club's managers can do this, on the list, and nothing changes."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from games.models import Seat, TableSession
from games.services import table_sit

pytestmark = pytest.mark.django_db

MANAGERS_ONLY = "Only the club's managers can do this."
PLAYING = "Only active members of this club can play at its tables."


def _operator(make_user) -> Client:
    user = make_user("operator", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(user)
    return client


def _start(hours: float):
    return (timezone.now() + timedelta(hours=hours)).replace(second=0, microsecond=0)


@pytest.mark.parametrize("action", ["cancel_selected", "skip_week_selected"])
def test_cancel_and_skip_tell_the_operator_they_are_for_managers(make_table, make_user, action: str) -> None:
    table = make_table(starts_at=_start(3), repeat_weekly=True)
    response = _operator(make_user).post(
        "/admin/games/tablesession/", {"action": action, "_selected_action": [table.pk], "index": 0}
    )
    assert response.status_code == 302
    told = [str(m) for m in get_messages(response.wsgi_request)]
    assert any(MANAGERS_ONLY in m for m in told), told
    assert not any(PLAYING in m for m in told), told
    assert TableSession.objects.get(pk=table.pk).status == TableSession.Status.SCHEDULED


def test_move_tells_the_operator_on_the_list_not_beside_the_date(make_table, make_user) -> None:
    table = make_table(starts_at=_start(3))
    response = _operator(make_user).post(
        "/admin/games/tablesession/",
        {
            "action": "move_selected",
            "_selected_action": [table.pk],
            "apply": "Move",
            "starts_at": timezone.localtime(_start(5)).strftime("%Y-%m-%dT%H:%M"),
        },
    )
    assert response.status_code == 302
    told = [str(m) for m in get_messages(response.wsgi_request)]
    assert any(MANAGERS_ONLY in m for m in told), told
    assert TableSession.objects.get(pk=table.pk).starts_at == table.starts_at


def test_stand_up_tells_the_operator_it_is_for_managers(make_table, make_user, players) -> None:
    table = make_table()
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=100)
    seat = Seat.objects.get(session=table, position=0)
    response = _operator(make_user).post(
        "/admin/games/seat/",
        {"action": "stand_up_selected", "_selected_action": [seat.pk], "index": 0, "reason": "Asleep"},
    )
    assert response.status_code == 302
    told = [str(m) for m in get_messages(response.wsgi_request)]
    assert any(MANAGERS_ONLY in m for m in told), told
    assert not any(PLAYING in m for m in told), told
    assert Seat.objects.get(pk=seat.pk).status == Seat.Status.SITTING
