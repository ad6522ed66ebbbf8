"""The site's operator (a superuser, the demo's `admin`) manages every club with the owner's powers
(club.services.membership_require_manager: bans, grants, collusion flags), and the admin offers him
every club's tables with *Cancel*, *Skip this week*, *Move the start* and the seats' *Stand up*. The
tables' own check knew nothing of it: each action was refused with "Only active members of this
club can play at its tables." (the move said it beside the date field, as if another time would
do). He now does what the club's owner may, and the audit log names him."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from club.models import AuditLog, Membership
from games.models import Seat, TableSession
from games.services import TableError, table_sit
from games.services.schedule import session_cancel

pytestmark = pytest.mark.django_db

PLAYING = "Only active members of this club can play at its tables."


@pytest.fixture
def operator(make_user):
    return make_user("operator", is_staff=True, is_superuser=True)


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _start(hours: float):
    return (timezone.now() + timedelta(hours=hours)).replace(second=0, microsecond=0)


def _told(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_the_operator_cancels_a_table_of_a_club_he_is_no_member_of(make_table, operator) -> None:
    table = make_table(starts_at=_start(3))
    response = _client(operator).post(
        "/admin/games/tablesession/",
        {"action": "cancel_selected", "_selected_action": [table.pk], "index": 0},
    )
    assert response.status_code == 302
    assert not any(PLAYING in m for m in _told(response)), _told(response)
    assert TableSession.objects.get(pk=table.pk).status == TableSession.Status.CANCELLED
    assert AuditLog.objects.filter(actor=operator, club=table.club).exists()
    assert not Membership.objects.filter(user=operator).exists()  # no membership made for him


def test_the_operator_skips_a_week_and_moves_a_start(make_table, operator) -> None:
    weekly = make_table(starts_at=_start(3), repeat_weekly=True)
    client = _client(operator)
    skipped = client.post(
        "/admin/games/tablesession/",
        {"action": "skip_week_selected", "_selected_action": [weekly.pk], "index": 0},
    )
    assert not any(PLAYING in m for m in _told(skipped)), _told(skipped)
    assert TableSession.objects.get(pk=weekly.pk).status == TableSession.Status.CANCELLED

    one_off = make_table(starts_at=_start(3))
    later = _start(5)
    moved = client.post(
        "/admin/games/tablesession/",
        {
            "action": "move_selected",
            "_selected_action": [one_off.pk],
            "apply": "Move",
            "starts_at": timezone.localtime(later).strftime("%Y-%m-%dT%H:%M"),
        },
    )
    assert moved.status_code == 302, moved.content.decode()[:300]
    assert TableSession.objects.get(pk=one_off.pk).starts_at == later


def test_the_operator_stands_a_player_up(make_table, operator, players) -> None:
    table = make_table()
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=100)
    seat = Seat.objects.get(session=table, position=0)
    response = _client(operator).post(
        "/admin/games/seat/",
        {"action": "stand_up_selected", "_selected_action": [seat.pk], "index": 0, "reason": "Asleep"},
    )
    assert response.status_code == 302
    assert not any(PLAYING in m for m in _told(response)), _told(response)
    assert Seat.objects.get(pk=seat.pk).status == Seat.Status.LEFT


def test_the_owner_stays_untouchable_and_strangers_are_still_refused(make_table, make_user, owner) -> None:
    table = make_table()
    stranger = make_user("stranger")
    with pytest.raises(TableError) as refused:
        session_cancel(session_id=table.pk, actor=stranger)
    assert refused.value.code == "not_member"
    # A superuser whose account was switched off is nobody's manager.
    off = make_user("off", is_staff=True, is_superuser=True, is_active=False)
    with pytest.raises(TableError):
        session_cancel(session_id=table.pk, actor=off)
    assert TableSession.objects.get(pk=table.pk).status != TableSession.Status.CANCELLED
