"""An admin action sent with a reason (or a note) longer than its field: Django answers an invalid
action form with "No action selected.", which says nothing of the reason and does nothing. The text
goes to the service, which keeps its first 500 characters, as the site's pages do."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from club.models import AuditLog, Membership
from games.models import Seat
from ledger.models import Adjustment
from ledger.services import chips_adjust

from .conftest import sit_all

pytestmark = pytest.mark.django_db

LONG = "went home " * 70  # 700 characters


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_a_long_stand_up_reason_stands_the_player_up(make_table, players, owner):
    table = make_table()
    sit_all(table, players)
    seat = Seat.objects.get(session=table, position=2)
    response = _client(owner).post(
        "/admin/games/seat/", {"action": "stand_up_selected", "_selected_action": [seat.pk], "reason": LONG}
    )
    said = [str(message) for message in get_messages(response.wsgi_request)]
    assert not any("No action selected" in text for text in said), said
    assert Seat.objects.get(pk=seat.pk).status == Seat.Status.LEFT
    row = AuditLog.objects.get(action="table.stood_up_by_manager")
    assert row.data["reason"] == LONG.strip()[:500]


def test_a_long_refusal_note_refuses(club, owner, players, make_user):
    second = make_user("second")
    Membership.objects.create(club=club, user=second, role=Membership.Role.MANAGER)
    member = Membership.objects.get(club=club, user=players[0])
    filed = chips_adjust(
        member=member, kind="grant", amount=9_000, actor=owner, reason="prize", idempotency_key="long"
    ).adjustment
    response = _client(second).post(
        "/admin/ledger/adjustment/",
        {"action": "refuse_selected", "_selected_action": [filed.pk], "note": LONG},
    )
    said = [str(message) for message in get_messages(response.wsgi_request)]
    assert not any("No action selected" in text for text in said), said
    filed.refresh_from_db()
    assert filed.status == Adjustment.Status.REFUSED and filed.note == LONG.strip()[:500]
