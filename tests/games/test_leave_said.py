"""What "Leave" and a manager's stand-up say when what was asked is already so, or cannot be: a
second "Leave" during a deal (a double click, a second tab) said nothing new and looked like a new
leave; a player stood up by a manager was told "You have already left" or "you will leave when this
deal ends", as if it were his own doing; a Leave pressed in a table's last deal left no line of his
in the club's log (only the table's close); a manager standing up a bot was told "Nobody plays at
seat N"."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from club.models import AuditLog
from games.models import Seat, TableSession
from games.services import TableError, table_bot_add, table_leave, table_stand_up
from ledger.services import ledger_verify

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_leave_pressed_twice_during_a_deal_is_said_once_as_done(make_table, players):
    table = make_table(seats=3)
    sit_all(table, players[:3])
    start_deal(table)
    client = _client(players[0])
    first = client.post(f"/tables/{table.pk}/leave/")
    said = [(m.level_tag, str(m)) for m in get_messages(first.wsgi_request)]
    assert said == [("info", "You will leave the table when this deal ends.")], said
    again = client.post(f"/tables/{table.pk}/leave/")
    said = [(m.level_tag, str(m)) for m in get_messages(again.wsgi_request)]
    assert said[-1] == (
        "info",
        "You have already asked to leave: you leave the table when this deal ends.",
    ), said
    assert not [text for tag, text in said if tag == "error"]
    with pytest.raises(TableError) as refused:
        table_leave(session_id=table.pk, user=players[0])
    assert refused.value.code == "leaving_already" and refused.value.done


def test_leave_after_a_managers_stand_up_mid_deal_says_so(make_table, players, owner):
    table = make_table(seats=3)
    sit_all(table, players[:3])
    start_deal(table)
    assert table_stand_up(session_id=table.pk, actor=owner, position=1, reason="asleep") is False
    with pytest.raises(TableError) as refused:
        table_leave(session_id=table.pk, user=players[1])
    assert refused.value.code == "removed" and refused.value.done
    assert "You were stood up from this table" in refused.value.message


def test_leave_after_a_managers_stand_up_between_deals_names_the_manager_and_reason(
    make_table, players, owner
):
    table = make_table(seats=3)
    sit_all(table, players[:3])
    assert table_stand_up(session_id=table.pk, actor=owner, position=2, reason="went home") is True
    page = _client(players[2]).post(f"/tables/{table.pk}/leave/", follow=True).content.decode()
    assert "A manager stood you up from this table (went home)" in page, page
    assert "You have already left this table." not in page
    assert ledger_verify()[0] == []


def test_his_own_leave_is_still_said_plainly(make_table, players):
    table = make_table(seats=3)
    sit_all(table, players[:3])
    assert table_leave(session_id=table.pk, user=players[0]) is True
    with pytest.raises(TableError) as refused:
        table_leave(session_id=table.pk, user=players[0])
    assert refused.value.message == "You have already left this table." and refused.value.done


def test_a_leave_in_the_tables_last_deal_is_his_own_line_in_the_log(make_table, players):
    table = make_table(seats=3)
    sit_all(table, players[:3])
    deal = start_deal(table)
    assert table_leave(session_id=table.pk, user=players[1]) is False
    TableSession.objects.filter(pk=table.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    play_deal_as_people(deal, players[:3])
    assert Seat.objects.get(session=table, member__user=players[1]).status == Seat.Status.LEFT
    rows = AuditLog.objects.filter(action="table.stood_up", target_user=players[1], actor=players[1])
    assert rows.count() == 1 and rows.get().data["table"] == table.pk
    assert not AuditLog.objects.filter(action="table.stood_up", target_user=players[0]).exists()
    assert ledger_verify()[0] == []


def test_a_manager_standing_up_a_bot_takes_it_off(make_table, players, owner):
    table = make_table(seats=3)
    table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=200)
    assert table_stand_up(session_id=table.pk, actor=owner, position=2, reason="no bots tonight") is True
    assert not Seat.objects.filter(session=table, position=2).exclude(status=Seat.Status.LEFT).exists()
    sit_all(table, players[:2])
    table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=200)
    start_deal(table)
    assert table_stand_up(session_id=table.pk, actor=owner, position=2, reason="no bots") is False
    with pytest.raises(TableError) as refused:
        table_stand_up(session_id=table.pk, actor=owner, position=2, reason="no bots")
    assert refused.value.code == "already_leaving" and refused.value.done
    assert ledger_verify()[0] == []


def test_a_manager_stands_a_bot_up_from_the_admin(make_table, owner):
    table = make_table(seats=3)
    table_bot_add(session_id=table.pk, actor=owner, position=0, buy_in=200)
    seat = Seat.objects.get(session=table, position=0)
    response = _client(owner).post(
        "/admin/games/seat/",
        {"action": "stand_up_selected", "_selected_action": [seat.pk], "reason": "done"},
        follow=True,
    )
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert any(text.endswith(": stood up") for text in said), said
    assert Seat.objects.get(pk=seat.pk).status == Seat.Status.LEFT
