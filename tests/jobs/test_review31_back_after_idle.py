"""A player back at a table the inactivity sweep was emptying keeps his seat (review 31).

Nobody's page beat for ten minutes (a laptop asleep, a train through a tunnel): the sweep marked the
players of the running deal away and to leave when it ends. One of them came back before it ended
and pressed "I'm back" (or moved for himself): his page still said "You will leave the table when
this deal ends", with no way to stay, and he was stood up at its end, his chips sent home, although
the table was attended again. His own "Leave the table" still holds whatever he presses after it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.jobs_inactivity import tables_idle_sweep
from games.models import Seat
from games.services import table_back, table_bot_add, table_leave

from .conftest import sit_all, start_deal
from .test_inactivity import _finish
from .test_stats import travel


def _abandoned(make_table, players, owner):
    table = make_table(seats=3)
    sit_all(table, players[:2])
    table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=200)
    deal = start_deal(table)
    later = timezone.now() + timedelta(minutes=11)
    assert tables_idle_sweep(later) == 1
    return table, deal, later


def _seat(table, position: int) -> Seat:
    return Seat.objects.filter(session=table, position=position).order_by("-pk").first()


def test_back_before_the_deal_ends_he_stays_seated_with_the_bot(make_table, players, owner):
    table, deal, later = _abandoned(make_table, players, owner)
    table_back(session_id=table.pk, user=players[0])
    assert not _seat(table, 0).leave_after_deal
    _finish(deal, later)  # every move by the clock: his own turns ran out, and marked him away again
    assert _seat(table, 0).status != Seat.Status.LEFT
    assert _seat(table, 2).status != Seat.Status.LEFT  # the bot plays on with whoever is there
    assert _seat(table, 1).status == Seat.Status.LEFT  # still no sign of life: stood up


def test_his_own_leave_holds_after_he_is_back(make_table, players, owner):
    table, deal, later = _abandoned(make_table, players, owner)
    table_leave(session_id=table.pk, user=players[0])
    table_back(session_id=table.pk, user=players[0])
    _finish(deal, later)
    assert _seat(table, 0).status == Seat.Status.LEFT


def test_a_move_of_his_own_brings_him_back_for_good(make_table, players, owner):
    from games.engine import observe, to_act
    from games.engine.bots import BasicBot
    from games.models import Deal
    from games.services import table_act, tables_tick
    from games.services.dealing import deal_state

    table, deal, later = _abandoned(make_table, players, owner)
    for second in range(1, 300):  # the clock plays the others until a person's turn
        deal = Deal.objects.get(pk=deal.pk)
        state = deal_state(deal)
        seat = to_act(state)
        assert seat is not None, "the deal ended before a person's turn"
        holder = Seat.objects.get(pk=deal.players[seat])
        if not holder.is_bot:
            break
        tables_tick(later + timedelta(seconds=second))
    action = BasicBot(seed=1).choose(observe(state, seat))
    table_act(session_id=table.pk, user=holder.member.user, action=action, expected_seq=deal.seq)
    holder.refresh_from_db()
    assert holder.status == Seat.Status.SITTING and not holder.leave_after_deal
    _finish(deal, later + timedelta(minutes=1))
    assert Seat.objects.get(pk=holder.pk).status != Seat.Status.LEFT


def test_i_m_back_by_plain_form_is_a_sign_of_life(make_table, players, owner, monkeypatch):
    """Without JavaScript (no socket, so no heartbeat) "I'm back" was no sign of life: the next
    sweep, a minute later, marked him away and leaving again."""
    table, _deal, later = _abandoned(make_table, players, owner)
    with travel(monkeypatch, later - timezone.now()):
        table_back(session_id=table.pk, user=players[0])
    assert tables_idle_sweep(later + timedelta(minutes=1)) == 0
    seat = _seat(table, 0)
    assert seat.status == Seat.Status.SITTING and not seat.leave_after_deal


def test_a_manager_s_word_holds_over_the_sweep_s(make_table, players, owner):
    """A bot the manager takes off, or a player he stands up, after the sweep marked them leaving,
    still goes when someone comes back (the sweep's mark no longer says whose leave it is)."""
    from club.errors import ServiceError
    from games.services import table_bot_remove, table_stand_up

    table, deal, later = _abandoned(make_table, players, owner)
    assert table_bot_remove(session_id=table.pk, actor=owner, position=2) is False
    # The sweep's leave is not his: the manager may still stand him up, and it holds.
    assert table_stand_up(session_id=table.pk, actor=owner, position=1, reason="asleep") is False
    table_back(session_id=table.pk, user=players[0])
    with pytest.raises(ServiceError) as refused:  # stood up by the manager: no coming back
        table_back(session_id=table.pk, user=players[1])
    assert refused.value.code == "removed"
    _finish(deal, later)
    assert _seat(table, 0).status != Seat.Status.LEFT
    assert _seat(table, 1).status == Seat.Status.LEFT
    assert _seat(table, 2).status == Seat.Status.LEFT
