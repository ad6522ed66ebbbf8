"""Table services: refusals write nothing, races apply one move, the clock moves for absent seats."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games.engine import Action, observe
from games.models import Deal, DealAction, Seat
from games.services import (
    TableError,
    dealing,
    table_act,
    table_away,
    table_back,
    table_sit,
    tables_tick,
    turn_expire,
)
from games.ticker import ensure_ticker, ticker_stop
from ledger.models import Journal

from .conftest import sit_all, start_deal


def _to_act(deal: Deal):
    state = dealing.deal_state(deal)
    seat = state.queue[0]
    return seat, dealing.deal_players(deal)[seat].member.user, state


def _nothing_written(deal: Deal, journals: int) -> None:
    deal.refresh_from_db()
    assert deal.seq == 0
    assert DealAction.objects.filter(deal=deal).count() == 0
    assert Journal.objects.count() == journals


def test_illegal_out_of_turn_and_stale_moves_are_refused_and_write_nothing(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    journals = Journal.objects.count()
    seat, user, state = _to_act(deal)
    other = dealing.deal_players(deal)[(seat + 1) % 4].member.user
    attempts = [
        (user, Action("play", card=state.hands[seat][0]), 0, "illegal_action"),  # playing while bidding
        (user, Action("exchange", cards=state.hands[seat][:1]), 0, "illegal_action"),
        (other, Action("pass"), 0, "not_your_turn"),
        (user, Action("pass"), 1, "stale"),
        (user, Action("pass"), -1, "stale"),
    ]
    for who, action, seq, code in attempts:
        with pytest.raises(TableError) as refused:
            table_act(session_id=table.pk, user=who, action=action, expected_seq=seq)
        assert refused.value.code == code, (action, refused.value.code)
        assert refused.value.message
    _nothing_written(deal, journals)


def test_an_unlooked_player_cannot_try_a_bid_that_depends_on_his_cards(make_table, players):
    """Moryak deals face down (dark): cheer, mourn or helicopter offered or refused would tell the
    player what he holds, so before he looks they are refused like any move not in his view."""
    table = make_table("moryak")
    sit_all(table, players)
    deal = start_deal(table)
    journals = Journal.objects.count()
    seat, user, state = _to_act(deal)
    assert not state.seen[seat]
    offered = {a["do"] for a in observe(state, seat)["legal_actions"]}
    assert "helicopter" not in offered and "look" in offered
    for bid in ("helicopter", "cheer", "mourn"):
        with pytest.raises(TableError) as refused:
            table_act(session_id=table.pk, user=user, action=Action(bid), expected_seq=0)
        assert refused.value.code == "illegal_action"
    _nothing_written(deal, journals)


def test_a_player_outside_the_club_or_not_seated_cannot_move(make_table, players, make_user):
    table = make_table()
    sit_all(table, players[:3])
    stranger = make_user("stranger")
    with pytest.raises(TableError) as refused:
        table_sit(session_id=table.pk, user=stranger, position=3, buy_in=200)
    assert refused.value.code == "not_member"
    with pytest.raises(TableError) as refused:
        table_act(session_id=table.pk, user=players[3], action=Action("pass"), expected_seq=0)
    assert refused.value.code == "no_deal"


@pytest.mark.parametrize(
    "position, buy_in, code",
    [
        (4, 200, "no_such_seat"),
        (-1, 200, "no_such_seat"),
        (0, 200, "seat_taken"),
        (3, 99, "buy_in_range"),
        (3, 501, "buy_in_range"),
        (3, True, "buy_in_range"),
        (3, 10**30, "buy_in_range"),
    ],
)
def test_sitting_down_checks_the_seat_and_the_buy_in(make_table, players, position, buy_in, code):
    table = make_table()
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    with pytest.raises(TableError) as refused:
        table_sit(session_id=table.pk, user=players[1], position=position, buy_in=buy_in)
    assert refused.value.code == code
    assert Seat.objects.filter(session=table).count() == 1


def test_a_buy_in_beyond_the_wallet_is_refused_with_the_balance(make_table, players):
    table = make_table(buy_in_max=5000)
    with pytest.raises(TableError) as refused:
        table_sit(session_id=table.pk, user=players[0], position=0, buy_in=2000)
    assert refused.value.code == "not_enough_chips"
    assert "1000" in refused.value.message
    assert not Seat.objects.filter(session=table).exists()


def test_sitting_twice_is_refused(make_table, players):
    table = make_table()
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    with pytest.raises(TableError) as refused:
        table_sit(session_id=table.pk, user=players[0], position=1, buy_in=200)
    assert refused.value.code == "already_seated"


def test_time_running_out_moves_for_the_seat_and_marks_it_away(make_table, players):
    table = make_table(turn_seconds=20)
    sit_all(table, players)
    deal = start_deal(table)
    seat, user, _state = _to_act(deal)
    assert tables_tick(timezone.now() + timedelta(seconds=10)) == 0  # not yet
    assert tables_tick(timezone.now() + timedelta(seconds=21)) >= 1
    first = DealAction.objects.get(deal=deal, seq=1)
    assert (first.seat, first.actor, first.action) == (seat, "timeout", {"do": "pass"})
    holder = Seat.objects.get(session=table, member__user=user)
    assert holder.status == Seat.Status.AWAY
    table_back(session_id=table.pk, user=user)
    assert Seat.objects.get(pk=holder.pk).status == Seat.Status.SITTING


def test_an_away_seat_is_played_at_once(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    for user in players:
        table_away(session_id=table.pk, user=user)
    for _ in range(300):  # every seat away: the clock plays the whole deal by default moves
        deal.refresh_from_db()
        if deal.is_over:
            break
        tables_tick(timezone.now() + timedelta(seconds=1))
    assert deal.is_over
    assert set(DealAction.objects.filter(deal=deal).values_list("actor", flat=True)) == {"timeout"}
    # Nobody is present: no next deal starts.
    tables_tick(timezone.now() + timedelta(seconds=60))
    assert Deal.objects.filter(session=table).count() == 1


def test_expiring_a_stale_seq_does_nothing(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    _seat, user, _state = _to_act(deal)
    table_act(session_id=table.pk, user=user, action=Action("pass"), expected_seq=0)
    later = timezone.now() + timedelta(seconds=3600)
    assert turn_expire(deal_id=deal.pk, seq=0, now=later) is None
    assert turn_expire(deal_id=deal.pk, seq=1, now=later) is not None
    assert turn_expire(deal_id=deal.pk, seq=1, now=later) is None
    assert DealAction.objects.filter(deal=deal).count() == 2


@pytest.mark.django_db(transaction=True)
def test_the_embedded_clock_moves_for_a_seat_that_does_not_act(make_table, players, settings):
    """Under the embedded default no Celery and no Redis: the in-process ticker thread fires."""
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    Deal.objects.filter(pk=deal.pk).update(deadline=timezone.now() + timedelta(seconds=0.3))
    ensure_ticker(interval=0.05, force=True)
    try:
        deadline = time.monotonic() + 10
        while (
            time.monotonic() < deadline and not DealAction.objects.filter(deal=deal, actor="timeout").exists()
        ):
            time.sleep(0.05)
    finally:
        ticker_stop()
    action = DealAction.objects.filter(deal=deal).order_by("seq").first()
    assert action is not None and action.actor == "timeout"
    assert Seat.objects.filter(session=table, status=Seat.Status.AWAY).count() >= 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_racing_moves_with_one_seq_apply_once(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    seat, user, state = _to_act(deal)
    choices = [a for a in observe(state, seat)["legal_actions"] if a["do"] != "look"][:2]
    while len(choices) < 2:
        choices.append(choices[0])
    barrier = threading.Barrier(3)
    results: list[object] = []

    def move(action: dict) -> None:
        try:
            barrier.wait()
            results.append(
                table_act(session_id=table.pk, user=user, action=Action.from_json(action), expected_seq=0)
            )
        except TableError as exc:
            results.append(exc.code)
        finally:
            connection.close()

    def expire() -> None:
        try:
            barrier.wait()
            results.append(turn_expire(deal_id=deal.pk, seq=0, now=timezone.now() + timedelta(hours=1)))
        except TableError as exc:
            results.append(exc.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=move, args=(c,)) for c in choices] + [threading.Thread(target=expire)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert DealAction.objects.filter(deal=deal).count() == 1
    # Every racer got a clean answer: one move applied, the others refused as stale (or, for the
    # clock, nothing to do). A database error in a racer would leave its answer missing.
    assert len(results) == 3, results
    applied = [r for r in results if r is not None and not isinstance(r, str)]
    assert len(applied) == 1, results
    assert all(r in ("stale", None) for r in results if r not in applied), results
    deal.refresh_from_db()
    assert deal.seq == 1
