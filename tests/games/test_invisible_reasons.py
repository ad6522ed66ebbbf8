"""Reasons and notes a manager writes for a player (a stand-up, a refusal) refuse characters that draw
nothing or turn the text round, as names and titles do: the player and the audit log read them, and a
right-to-left override turned the sentence (and the row it stood in) around. Refused with a message,
nothing done."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from club.models import INVISIBLE_MESSAGE, Membership
from games.models import Seat
from games.protocol import parse_message
from games.services import TableError
from ledger.models import Adjustment
from ledger.services import chips_adjust

from .conftest import sit_all

pytestmark = pytest.mark.django_db

TURNED = "went \u202ehome"  # a right-to-left override


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_a_stand_up_reason_with_an_override_is_refused_in_the_admin_and_nobody_stands_up(
    make_table, players, owner
):
    table = make_table()
    sit_all(table, players)
    seat = Seat.objects.get(session=table, position=2)
    response = _client(owner).post(
        "/admin/games/seat/", {"action": "stand_up_selected", "_selected_action": [seat.pk], "reason": TURNED}
    )
    assert [str(x) for x in get_messages(response.wsgi_request)] == [str(INVISIBLE_MESSAGE)]
    assert Seat.objects.get(pk=seat.pk).status != Seat.Status.LEFT
    # The same reason written plainly stands him up.
    _client(owner).post(
        "/admin/games/seat/",
        {"action": "stand_up_selected", "_selected_action": [seat.pk], "reason": "went home"},
    )
    assert Seat.objects.get(pk=seat.pk).status == Seat.Status.LEFT


def test_a_refusal_note_with_a_zero_width_space_is_refused_in_the_admin(club, owner, players, make_user):
    second = make_user("second")
    Membership.objects.create(club=club, user=second, role=Membership.Role.MANAGER)
    member = Membership.objects.get(club=club, user=players[0])
    filed = chips_adjust(
        member=member, kind="grant", amount=9_000, actor=owner, reason="prize", idempotency_key="zw"
    ).adjustment
    response = _client(second).post(
        "/admin/ledger/adjustment/",
        {"action": "refuse_selected", "_selected_action": [filed.pk], "note": "no\u200bpe"},
    )
    assert [str(x) for x in get_messages(response.wsgi_request)] == [str(INVISIBLE_MESSAGE)]
    filed.refresh_from_db()
    assert filed.status == Adjustment.Status.PENDING


@pytest.mark.parametrize("reason", [TURNED, "a\u2066b", "\ufeffbom", "bell\x07"])
def test_a_stand_up_message_over_the_socket_with_one_is_refused_before_any_service(reason):
    with pytest.raises(TableError) as refused:
        parse_message({"do": "standup", "position": 1, "reason": reason})
    assert refused.value.code == "bad_message"
    assert parse_message({"do": "standup", "position": 1, "reason": "went home"}).reason == "went home"


def test_report_comments_and_answers_keep_their_line_breaks_but_nothing_invisible():
    from games.forms import ReportForm

    assert ReportForm({"reason": "other", "comment": "line one\nline two"}).is_valid()
    form = ReportForm({"reason": "other", "comment": "line one\n\u202eowt enil"})
    assert not form.is_valid() and form.errors["comment"] == [str(INVISIBLE_MESSAGE)]
