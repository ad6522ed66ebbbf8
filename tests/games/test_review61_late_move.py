"""Review 61: a player on a slow network clicks his move as his clock runs out; the clock's move for
him (the default: pass) is made first, and he is marked away. His own move then arrives on the old
position. When it was the same move as the clock's, he was told "Your move is already made." as
good news (review 55's answer to a move sent twice), and when it was another, "look again and make
your move": neither says that the move was not his, that the clock made it, nor why he is now away.
He is now told that his move came too late and the clock had moved for him (in his language); a
move he really made and sent again is still "already made"."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import translation

from games.engine import Action
from games.models import DealAction, Seat
from games.services import TableError, table_act, turn_expire

from .conftest import sit_all, start_deal
from .test_review55_move_again import _turn

pytestmark = pytest.mark.django_db


def _clock_moves_for(deal):
    """His turn, and the move the clock makes for him once his time has run out."""
    user, _action, seq = _turn(deal)
    deal.refresh_from_db()
    turn_expire(deal_id=deal.pk, seq=seq, now=deal.deadline + timedelta(seconds=1))
    made = DealAction.objects.get(deal=deal, seq=seq + 1)
    assert made.actor == DealAction.Actor.TIMEOUT
    return user, made, seq


def test_the_same_move_arriving_after_the_clock_made_it_is_not_said_made(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    user, made, seq = _clock_moves_for(deal)
    with pytest.raises(TableError) as late:
        again = Action.from_json(made.action)
        table_act(session_id=table.pk, user=user, action=again, expected_seq=seq, expected_deal=deal.pk)
    assert late.value.code == "stale"
    assert not late.value.done, "the clock's move was told to him as his own, as good news"
    assert "clock" in late.value.message, late.value.message
    with translation.override("ru"):
        assert "автоматически" in late.value.message, late.value.message
    assert DealAction.objects.filter(deal=deal).count() == seq + 1
    assert Seat.objects.get(session=table, member__user=user).status == Seat.Status.AWAY


def test_another_move_arriving_after_the_clock_says_so(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    user, made, seq = _clock_moves_for(deal)
    other = Action.from_json({"do": "snore"} if made.action.get("do") == "pass" else {"do": "pass"})
    with pytest.raises(TableError) as late:
        table_act(session_id=table.pk, user=user, action=other, expected_seq=seq, expected_deal=deal.pk)
    assert late.value.code == "stale" and not late.value.done
    assert "clock" in late.value.message, late.value.message
    assert DealAction.objects.filter(deal=deal).count() == seq + 1
