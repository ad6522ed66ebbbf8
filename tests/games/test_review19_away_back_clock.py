"""The turn clock bounds a turn: "Step away" then "I'm back" on one's own turn gave a fresh full turn.

"Step away" on his own turn moves his clock to the away delay (his default move at once), and "I'm
back" set it to a full turn from that moment; the two sent together (a script, or two quick
presses: the away move waits 0.4 s) put his clock back to 30 seconds every time, so a player
could hold the table for as long as he liked, his default move never coming. "I'm back" on his
own turn now gives him what is left of the turn, from its start, not a new one; a player who was
away when his turn came still gets his turn."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.engine import apply, legal_actions, to_act
from games.models import Deal, DealAction, Seat
from games.services import dealing, table_act, table_away, table_back, tables_tick

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db


def _to_act(deal: Deal):
    state = dealing.deal_state(deal)
    seat = to_act(state)
    return Seat.objects.select_related("member__user").get(pk=deal.players[seat]).member.user, seat, state


def test_away_and_back_on_ones_own_turn_does_not_restart_the_clock(make_table, players):
    table = make_table(turn_seconds=30)
    sit_all(table, players)
    deal = start_deal(table)
    user, _seat, _state = _to_act(deal)
    # 25 of his 30 seconds have gone.
    assert deal.seq == 0  # his turn began with the deal
    left = timezone.now() + timedelta(seconds=5)
    Deal.objects.filter(pk=deal.pk).update(deadline=left, started_at=left - timedelta(seconds=30))
    for _ in range(3):
        table_away(session_id=table.pk, user=user)
        table_back(session_id=table.pk, user=user)
    deal.refresh_from_db()
    assert deal.deadline <= left + timedelta(seconds=1), deal.deadline - left
    # And the clock does move for him when they are up.
    assert tables_tick(timezone.now() + timedelta(seconds=6)) >= 1
    assert DealAction.objects.filter(deal=deal, actor="timeout").exists()


def test_a_player_away_when_his_turn_came_gets_his_turn_on_coming_back(make_table, players):
    table = make_table(turn_seconds=30)
    sit_all(table, players)
    deal = start_deal(table)
    # The first player moves; the one whose turn that move brings stepped away before it came. The
    # move is one that hands the turn on (not every move does, and who gets it depends on the cards).
    user, seat, state = _to_act(deal)
    action, after = next(
        (a, after)
        for a in legal_actions(state, seat)
        for after, _events in [apply(state, seat, a)]
        if to_act(after) not in (None, seat)
    )
    second_seat = Seat.objects.select_related("member__user").get(pk=deal.players[to_act(after)])
    table_away(session_id=table.pk, user=second_seat.member.user)
    table_act(session_id=table.pk, user=user, action=action, expected_seq=deal.seq, expected_deal=deal.pk)
    deal.refresh_from_db()
    nxt, _seat, _state = _to_act(deal)
    assert nxt == second_seat.member.user
    assert deal.deadline <= timezone.now() + timedelta(seconds=2)  # away: his move comes at once
    table_back(session_id=table.pk, user=nxt)  # ...unless he is back in time
    deal.refresh_from_db()
    assert deal.deadline >= timezone.now() + timedelta(seconds=25)
