"""Review 111: a player a manager stood up mid-deal (his seat plays by default moves until the deal
ends) who asked for another free seat of the same table (a page from before, a second tab, the plain
form) was told "You already sit at this table.": he holds no seat that plays. He is told that he was
stood up and may sit down again once this deal ends (en, ru, bg); once it has ended he may."""

from __future__ import annotations

import pytest
from django.utils import timezone, translation

from games.engine import observe
from games.engine.bots import BasicBot
from games.models import Seat
from games.services import TableError, dealing, table_act, table_sit, table_stand_up, turn_expire

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db

WORDS = "You were stood up from this table: you may sit down again once this deal ends."


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def test_stood_up_mid_deal_sits_elsewhere(make_table, players, owner):
    table = make_table(seats=4)
    sit_all(table, players[:3])
    deal = start_deal(table)
    assert table_stand_up(session_id=table.pk, actor=owner, position=2, reason="rude") is False
    with pytest.raises(TableError) as refused:
        table_sit(session_id=table.pk, user=players[2], position=3, buy_in=200)
    assert refused.value.code == "removed" and not refused.value.done
    assert refused.value.message == WORDS
    with translation.override("bg"):
        assert refused.value.message != WORDS
    assert not Seat.objects.filter(session=table, position=3).exists()
    # Once the deal is over (the clock plays his seat) his old seat is left, and a free seat is his.
    _play_out(deal)
    assert Seat.objects.get(session=table, position=2).status == Seat.Status.LEFT
    table_sit(session_id=table.pk, user=players[2], position=3, buy_in=200)
    assert Seat.objects.get(session=table, position=3, status=Seat.Status.SITTING).member.user == players[2]


def _play_out(deal) -> None:
    for _ in range(500):
        deal.refresh_from_db()
        if deal.is_over:
            return
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        holder = dealing.deal_players(deal)[seat]
        if holder.removed:
            turn_expire(deal_id=deal.pk, seq=deal.seq, now=deal.deadline)
        else:
            action = BasicBot(seed=deal.seq).choose(observe(state, seat))
            table_act(
                session_id=deal.session_id, user=holder.member.user, action=action, expected_seq=deal.seq
            )
    raise AssertionError("the deal did not end")


def test_a_seated_player_is_still_told_he_sits(make_table, players):
    table = make_table(seats=4)
    sit_all(table, players[:2])
    with pytest.raises(TableError) as refused:
        table_sit(session_id=table.pk, user=players[1], position=3, buy_in=200)
    assert refused.value.code == "already_seated" and not refused.value.done
