"""Review 111: a manager removing a bot mid-deal twice (a double click, or a second manager at the same
time) got no answer the second time: the bot's leave after the deal was written again and the table
sent out again, as if the second click had done something. The second is told now, as news, that the
bot at that seat already leaves after the deal in play (en, ru, bg), and nothing is written."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone, translation

from club.models import Membership
from games.models import Seat
from games.services import TableError, table_bot_add, table_bot_remove, table_stand_up

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.fixture
def table_with_bot_in_deal(make_table, players, owner):
    table = make_table(seats=3)
    sit_all(table, players[:2])
    table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=200)
    deal = start_deal(table)
    assert Seat.objects.get(session=table, position=2).pk in deal.players
    return table


def test_second_removal_is_told_and_changes_nothing(
    table_with_bot_in_deal, owner, players, django_capture_on_commit_callbacks
):
    table = table_with_bot_in_deal
    assert table_bot_remove(session_id=table.pk, actor=owner, position=2) is False
    # A second manager, at the same moment.
    other = players[3]
    Membership.objects.filter(club=table.club, user=other).update(role=Membership.Role.MANAGER)
    with django_capture_on_commit_callbacks() as callbacks, pytest.raises(TableError) as again:
        table_bot_remove(session_id=table.pk, actor=other, position=2)
    assert again.value.code == "already_leaving" and again.value.done
    assert again.value.message == "The bot at seat 3 already leaves the table after the deal in play."
    with translation.override("ru"):
        assert again.value.message != "The bot at seat 3 already leaves the table after the deal in play."
    assert callbacks == []  # no update sent for nothing
    seat = Seat.objects.get(session=table, position=2)
    assert seat.leave_after_deal and seat.status != Seat.Status.LEFT


def test_the_admin_stand_up_of_a_leaving_bot_says_bot(table_with_bot_in_deal, owner):
    table = table_with_bot_in_deal
    table_bot_remove(session_id=table.pk, actor=owner, position=2)
    with pytest.raises(TableError) as again:
        table_stand_up(session_id=table.pk, actor=owner, position=2, reason="enough")
    assert again.value.done
    assert again.value.message == "The bot at seat 3 already leaves the table after the deal in play."


def test_plain_form_sent_twice_is_news(table_with_bot_in_deal, owner):
    table = table_with_bot_in_deal
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    client.post(f"/tables/{table.pk}/bots/", {"do": "unbot", "position": "3"})
    response = client.post(f"/tables/{table.pk}/bots/", {"do": "unbot", "position": "3"})
    said = [(m.level_tag, str(m)) for m in get_messages(response.wsgi_request)]
    assert ("info", "The bot at seat 3 already leaves the table after the deal in play.") in said, said
