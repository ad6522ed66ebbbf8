"""What an outside review of live tables and sessions found, each with its test: "away" for the ante
deal dodged the ante, a past start cancelled a table at once, weekly tables that never repeated or
repeated for every missed week, a bot on a reserved seat, and a stood-up player who kept playing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.engine import observe, to_act
from games.engine.bots import BasicBot
from games.models import Deal, Seat, TableSession
from games.services import (
    dealing,
    table_act,
    table_away,
    table_back,
    table_bot_add,
    table_session_create,
    table_sit,
    table_stand_up,
    tables_tick,
)
from games.services.errors import TableError
from games.services.schedule import seat_reserve
from tests.games.conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def test_sitting_out_the_ante_deal_makes_a_player_wait_for_the_next_empty_bank(make_table, players):
    table = make_table(min_players=3)
    sit_all(table, players)
    dodger = players[3]
    table_away(session_id=table.pk, user=dodger)
    first = start_deal(table)
    assert dealing.deal_state(first).setup.start_bank == 0  # an ante deal
    seat = Seat.objects.get(session=table, member__user=dodger)
    assert seat.pk not in first.players and seat.waiting
    # The three who anted are not waiting.
    assert not Seat.objects.filter(pk__in=first.players, waiting=True).exists()
    table_back(session_id=table.pk, user=dodger)
    seat.refresh_from_db()
    assert seat.waiting  # back, he still waits: the bank on the table is the others'


def test_the_engine_keeps_a_waiting_player_out_while_the_bank_holds_chips(make_table, players):
    table = make_table(min_players=3)
    sit_all(table, players)
    table_away(session_id=table.pk, user=players[3])
    first = play_deal_as_people(start_deal(table), players[:3])
    table_back(session_id=table.pk, user=players[3])
    tables_tick(timezone.now() + timedelta(minutes=1))
    second = Deal.objects.get(session=table, number=2)
    state = dealing.deal_state(second)
    seat = Seat.objects.get(session=table, member__user=players[3])
    if state.setup.start_bank > 0:
        assert seat.pk not in second.players or second.players.index(seat.pk) not in state.setup.dealt
    else:  # the first deal's bank was won outright: an empty bank lets him in again
        assert second.players.index(seat.pk) in state.setup.dealt
    assert first.finished_at is not None


def test_a_start_long_past_is_refused_and_a_minute_ago_means_now(club, owner):
    values = {
        "title": "T",
        "preset": "classic",
        "stake": 5,
        "seat_count": 4,
        "buy_in_min": 100,
        "buy_in_max": 500,
        "turn_seconds": 30,
    }
    with pytest.raises(TableError) as refused:
        table_session_create(club=club, actor=owner, starts_at=timezone.now() - timedelta(hours=1), **values)
    assert "passed" in refused.value.message
    assert not TableSession.objects.exists()
    table = table_session_create(
        club=club, actor=owner, starts_at=timezone.now() - timedelta(minutes=1), **values
    )
    assert table.status == TableSession.Status.OPEN
    assert table.starts_at > timezone.now() - timedelta(seconds=30)  # "a minute ago" was taken as now
    tables_tick(timezone.now())
    table.refresh_from_db()
    assert table.status == TableSession.Status.OPEN  # not cancelled as a no-show at once


def test_the_table_form_says_a_past_start_has_passed(club, owner):
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    starts = timezone.localtime(timezone.now() - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
    form = {
        "title": "Tonight",
        "preset": "classic",
        "stake": 5,
        "seat_count": 4,
        "min_players": 2,
        "buy_in_min": 100,
        "buy_in_max": 500,
        "turn_seconds": 30,
        "starts_at": starts,
    }
    response = client.post(f"/clubs/{club.slug}/tables/new/", form)
    assert not TableSession.objects.filter(title="Tonight").exists()
    assert "That start has passed" in response.content.decode()


def test_a_weekly_table_opened_now_plans_next_week_once(club, owner, players):
    table = table_session_create(
        club=club,
        actor=owner,
        title="Weekly",
        preset="classic",
        stake=5,
        seat_count=4,
        buy_in_min=100,
        buy_in_max=500,
        repeat_weekly=True,
    )
    following = TableSession.objects.exclude(pk=table.pk).get(series=table)
    assert following.starts_at == table.starts_at + timedelta(days=7)
    assert following.status == TableSession.Status.SCHEDULED
    sit_all(table, players)
    play_deal_as_people(start_deal(table), players)
    tables_tick(timezone.now() + timedelta(minutes=1))
    assert TableSession.objects.filter(series=table).exclude(pk=table.pk).count() == 1


def test_a_bot_cannot_take_a_reserved_seat(club, owner, players):
    table = table_session_create(
        club=club,
        actor=owner,
        title="Later",
        preset="classic",
        stake=5,
        seat_count=4,
        buy_in_min=100,
        buy_in_max=500,
        starts_at=timezone.now() + timedelta(minutes=5),
    )
    seat_reserve(session_id=table.pk, user=players[0], position=1)
    with pytest.raises(TableError) as refused:
        table_bot_add(session_id=table.pk, actor=owner, position=1, buy_in=100)
    assert refused.value.code == "seat_reserved"
    table_sit(session_id=table.pk, user=players[0], position=1, buy_in=100)
    table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=100)
    assert Seat.objects.filter(session=table).count() == 2


def test_a_player_stood_up_mid_deal_no_longer_moves_himself(make_table, players, owner):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    state = dealing.deal_state(deal)
    acting = to_act(state)
    holder = Seat.objects.select_related("member__user").get(pk=deal.players[acting])
    assert table_stand_up(session_id=table.pk, actor=owner, position=holder.position, reason="abuse") is False
    action = BasicBot(seed=1).choose(observe(state, acting))
    with pytest.raises(TableError) as refused:
        table_act(
            session_id=table.pk,
            user=holder.member.user,
            action=action,
            expected_seq=deal.seq,
            expected_deal=deal.pk,
        )
    assert refused.value.code == "removed"
    deal.refresh_from_db()
    assert deal.seq == 0
    # The clock plays his seat; when the deal ends he is gone with his stack.
    for _ in range(200):
        tables_tick(timezone.now() + timedelta(minutes=5))
        deal.refresh_from_db()
        if deal.finished_at is not None:
            break
        state = dealing.deal_state(deal)
        mover = to_act(state)
        if mover is not None and deal.players[mover] != holder.pk:
            user = Seat.objects.select_related("member__user").get(pk=deal.players[mover]).member.user
            table_act(
                session_id=table.pk,
                user=user,
                action=BasicBot(seed=deal.seq).choose(observe(state, mover)),
                expected_seq=deal.seq,
                expected_deal=deal.pk,
            )
    assert deal.finished_at is not None
    holder.refresh_from_db()
    assert holder.status == Seat.Status.LEFT
