"""A player who leaves his seat is gone from the others' table page with no word of why: an away
player stood up after his second deal away, a manager's stand-up, showed only "Seat 4 is free". The
free seat now says who left and why for two minutes; a manager's reason and a ban are his own
business and are not shown."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation

from club import services as club_services
from club.models import Membership
from club.services import membership_ban
from games.models import Seat, TableSession
from games.services import table_away, table_leave, table_sit, table_stand_up
from ledger.services import chips_grant

from .conftest import sit_all, start_deal
from .test_r70_away_two_deals_told import _finish

pytestmark = pytest.mark.django_db


def _page(user, table, language: str = "en") -> str:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    with translation.override(language):
        return client.get(f"/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_an_away_player_stood_up_is_named_on_his_free_seat(make_table, players):
    table = make_table()
    sit_all(table, players)
    ivan = players[3]
    _finish(start_deal(table))
    table_away(session_id=table.pk, user=ivan)
    for _ in range(2):
        _finish(start_deal(table))
    assert Seat.objects.get(session=table, member__user=ivan).status == Seat.Status.LEFT
    page = _page(players[0], table)
    assert 'id="seat-left-4"' in page
    assert "Ivan was stood up: away for two deals." in page
    assert "Ivan убран(а) из-за стола: две сдачи подряд не было на месте." in _page(players[1], table, "ru")
    assert "Ivan е махнат(а) от масата след две раздавания отсъствие подред." in _page(
        players[2], table, "bg"
    )
    # Two minutes on, the seat is just free.
    table.refresh_from_db()
    gone = table.left_seats
    assert [g["position"] for g in gone] == [3]
    gone[0]["at"] = (timezone.now() - timedelta(minutes=2, seconds=1)).isoformat()
    TableSession.objects.filter(pk=table.pk).update(left_seats=gone)
    page = _page(players[0], table)
    assert "seat-left-4" not in page
    assert "Seat 4 is free" in page


def test_a_managers_stand_up_is_said_without_his_reason(make_table, players, owner):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    table_stand_up(session_id=table.pk, actor=owner, position=2, reason="private words", seat_id=None)
    _finish(deal)
    page = _page(players[0], table)
    assert "Dasha was stood up by a manager." in page
    assert "private words" not in page


def test_one_who_left_himself_is_said_to_have_left_and_a_newcomer_hides_it(
    make_table, players, make_user, club, owner
):
    table = make_table()
    sit_all(table, players)
    _finish(start_deal(table))
    table_leave(session_id=table.pk, user=players[1])
    assert "Gleb left the table." in _page(players[0], table)
    pavel = make_user("pavel_left", display_name="Pavel")
    club_services.membership_join(club=club, user=pavel)
    chips_grant(
        membership=Membership.objects.get(club=club, user=pavel), amount=1000, actor=owner, reason="t"
    )
    table_sit(session_id=table.pk, user=pavel, position=1, buy_in=200)
    page = _page(players[0], table)
    assert "Gleb left the table." not in page
    assert "seat-left-2" not in page


def test_a_ban_is_not_told_to_the_table(make_table, players, owner, club):
    table = make_table()
    sit_all(table, players)
    _finish(start_deal(table))
    membership_ban(
        membership=Membership.objects.get(club=club, user=players[2]), actor=owner, reason="cheating at cards"
    )
    page = _page(players[0], table)
    assert "Dasha left the table." in page
    assert "cheating" not in page
    assert "banned" not in page.lower()


def test_two_stood_up_at_one_deals_end_are_both_told(make_table, players, owner):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    table_stand_up(session_id=table.pk, actor=owner, position=1, reason="x", seat_id=None)
    table_stand_up(session_id=table.pk, actor=owner, position=3, reason="y", seat_id=None)
    _finish(deal)
    page = _page(players[0], table)
    assert "Gleb was stood up by a manager." in page
    assert "Ivan was stood up by a manager." in page
