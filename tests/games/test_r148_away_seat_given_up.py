"""Review 148: a player away from a full table, with no page of it open, kept his seat until the
inactivity sweep (ten minutes at a table that deals no more). At the demo's practice table (three bots
and one seat for a person) nobody else could play meanwhile: a member who came to sit was shown
"Every seat is taken" and his Sit was refused. Poker rooms give a sitting-out player's seat to whoever
is waiting; here the seat of a player away and gone (no page of the table open, not dealt into a
running deal) is offered at a full table to a watcher, and taking it stands the absent player up, his
chips home, as the sweep would have later."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from club.models import AuditLog
from games.models import Seat
from games.services import (
    TableError,
    practice_table_open,
    table_away,
    table_back,
    table_bot_add,
    table_session_create,
    table_sit,
)
from games.services.presence import presence_join
from ledger.services import ledger_verify

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()
    yield
    timezone.deactivate()


@pytest.fixture
def demo_table(club, owner, players):
    """The demo's table: a practice table of four seats, three bots, one seat for a person."""
    table = table_session_create(
        club=club,
        actor=owner,
        title="Practice with bots",
        preset="classic",
        stake=5,
        seat_count=4,
        buy_in_min=500,
        buy_in_max=500,
        turn_seconds=30,
        practice=True,
    )
    for position in (1, 2, 3):
        table_bot_add(session_id=table.pk, actor=owner, position=position, buy_in=500)
    return table


def _page(user, table) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client.get(f"/tables/{table.pk}/").content.decode()


def test_the_seat_of_a_player_away_and_gone_goes_to_who_wants_to_play(demo_table, players):
    vera, gleb = players[0], players[1]
    table_sit(session_id=demo_table.pk, user=vera, position=0, buy_in=500)
    table_away(session_id=demo_table.pk, user=vera)  # and she closed her page: no presence

    page = _page(gleb, demo_table)
    assert "You are watching. Every seat is taken.<" not in page
    assert 'id="sit-1"' in page  # a Sit form on her seat
    assert "Take this seat" in page

    table_sit(session_id=demo_table.pk, user=gleb, position=0, buy_in=500)
    hers = Seat.objects.get(session=demo_table, member__user=vera)
    assert hers.status == Seat.Status.LEFT and hers.left_because == Seat.LeftBecause.IDLE
    assert Seat.objects.get(session=demo_table, position=0, left_at__isnull=True).member.user == gleb
    row = AuditLog.objects.filter(action="table.stood_up", target_user=vera).get()
    assert "wanted to sit" in row.data["reason"]
    assert ledger_verify()[0] == []
    # Back at her page, she is told what became of her seat (not "ten minutes without a sign of life").
    with pytest.raises(TableError) as told:
        table_back(session_id=demo_table.pk, user=vera)
    assert "a player who wanted to play took your seat" in told.value.message


def test_a_player_away_with_his_page_open_keeps_his_seat(demo_table, players):
    vera, gleb = players[0], players[1]
    table_sit(session_id=demo_table.pk, user=vera, position=0, buy_in=500)
    table_away(session_id=demo_table.pk, user=vera)
    presence_join(session_id=demo_table.pk, user=vera)  # her page is open: she is there, only away
    assert 'id="sit-1"' not in _page(gleb, demo_table)
    with pytest.raises(TableError) as refused:
        table_sit(session_id=demo_table.pk, user=gleb, position=0, buy_in=500)
    assert refused.value.code == "seat_taken"


def test_a_player_present_keeps_his_seat(demo_table, players):
    vera, gleb = players[0], players[1]
    table_sit(session_id=demo_table.pk, user=vera, position=0, buy_in=500)
    with pytest.raises(TableError) as refused:
        table_sit(session_id=demo_table.pk, user=gleb, position=0, buy_in=500)
    assert refused.value.code == "seat_taken"


def test_with_a_free_seat_the_away_players_seat_stays_his(make_table, players, owner):
    table = make_table(preset="classic", seats=4)
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    table_away(session_id=table.pk, user=players[0])
    with pytest.raises(TableError) as refused:
        table_sit(session_id=table.pk, user=players[1], position=0, buy_in=200)
    assert refused.value.code == "seat_taken"


def test_a_members_own_practice_table_stays_his(players, club):
    """His own table against bots (one seat for him): it closes when he leaves, nobody takes it over."""
    table = practice_table_open(club=club, user=players[0], preset="classic", bots=3)
    table_away(session_id=table.pk, user=players[0])
    assert 'id="sit-1"' not in _page(players[1], table)
    with pytest.raises(TableError):
        table_sit(session_id=table.pk, user=players[1], position=0, buy_in=table.buy_in_min)
