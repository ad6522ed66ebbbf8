"""After an outage (no server or worker ran the tables' clock), the turns that fell due while it
stood still resume with the time they had left, instead of playing the player's default move and
marking him away; what was owed before the outage is still played."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games.models import ClockBeat, Deal, DealAction, Seat, TableSession
from games.services import clock_resume as resume
from games.services import tables_tick, turn_expire

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_clock():
    resume.clock_beat_forget()
    yield
    resume.clock_beat_forget()


def _clock_stopped(ago: timedelta) -> None:
    ClockBeat.objects.update_or_create(pk=1, defaults={"beat_at": timezone.now() - ago})


def _deadline(deal: Deal, from_now: timedelta) -> None:
    Deal.objects.filter(pk=deal.pk).update(deadline=timezone.now() + from_now)


def _seat_of_turn(deal: Deal) -> Seat:
    from games.engine import to_act
    from games.services.dealing import deal_state

    deal.refresh_from_db()
    return Seat.objects.get(pk=deal.players[to_act(deal_state(deal))])


def test_a_turn_that_fell_due_while_the_clock_stood_still_gets_its_time_back(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    seq = deal.seq
    _clock_stopped(timedelta(minutes=10))
    _deadline(deal, -timedelta(minutes=10) + timedelta(seconds=25))  # 25 s were left at the stop
    before = timezone.now()
    tables_tick()  # the real clock's first tick after the outage
    deal.refresh_from_db()
    assert deal.seq == seq and not DealAction.objects.filter(deal=deal, seq__gt=seq).exists()
    assert _seat_of_turn(deal).status == Seat.Status.SITTING  # not marked away for the outage
    assert before + timedelta(seconds=24) < deal.deadline <= timezone.now() + timedelta(seconds=26)
    assert ClockBeat.objects.get().beat_at >= before


def test_a_turn_with_little_left_gets_at_least_the_grace_to_reconnect(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    seq = deal.seq
    _clock_stopped(timedelta(minutes=3))
    _deadline(deal, -timedelta(minutes=3) + timedelta(seconds=1))
    before = timezone.now()
    tables_tick()
    deal.refresh_from_db()
    assert deal.seq == seq
    assert deal.deadline >= before + resume.GRACE - timedelta(seconds=1)


def test_a_turn_already_overdue_before_the_outage_is_still_played(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    seq = deal.seq
    _clock_stopped(timedelta(minutes=10))
    _deadline(deal, -timedelta(minutes=11))  # due a minute before the clock stopped
    tables_tick()
    deal.refresh_from_db()
    assert deal.seq == seq + 1


def test_without_an_outage_an_overdue_turn_is_played_and_its_player_marked_away(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    seq = deal.seq
    waiting = _seat_of_turn(deal)
    _clock_stopped(timedelta(seconds=1))
    _deadline(deal, -timedelta(seconds=1))
    tables_tick()
    deal.refresh_from_db()
    assert deal.seq == seq + 1
    waiting.refresh_from_db()
    assert waiting.status == Seat.Status.AWAY


def test_a_tick_with_a_time_of_its_own_never_gives_time_back(make_table, players):
    """Tests and the sweeper run deadlines late on purpose: only the real clock looks for outages."""
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    seq = deal.seq
    _clock_stopped(timedelta(hours=2))
    tables_tick(timezone.now() + timedelta(hours=1))
    deal.refresh_from_db()
    assert deal.seq == seq + 1


def test_a_worker_back_from_an_outage_does_not_expire_the_turn(make_table, players):
    from games.tasks import turn_expire_job

    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    seq = deal.seq
    _clock_stopped(timedelta(minutes=5))
    _deadline(deal, -timedelta(minutes=5) + timedelta(seconds=40))
    assert turn_expire_job.run(deal_id=deal.pk, seq=seq) == "nothing"
    deal.refresh_from_db()
    assert deal.seq == seq and deal.deadline > timezone.now() + timedelta(seconds=35)


def test_a_pause_between_deals_resumes_too(make_table, players):
    table = make_table()
    sit_all(table, players)
    _clock_stopped(timedelta(minutes=10))
    TableSession.objects.filter(pk=table.pk).update(
        next_deal_at=timezone.now() - timedelta(minutes=10) + timedelta(seconds=30)
    )
    tables_tick()
    table.refresh_from_db()
    assert not Deal.objects.filter(session=table).exists()
    assert table.next_deal_at > timezone.now() + timedelta(seconds=25)


@pytest.mark.django_db(transaction=True)  # the update goes out when the clock's transaction commits
def test_the_players_are_told_the_new_clock(make_table, players, monkeypatch):
    from games import broadcast

    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    told = []
    monkeypatch.setattr(broadcast, "table_push_soon", lambda session_id, **kw: told.append(session_id))
    _clock_stopped(timedelta(minutes=10))
    _deadline(deal, -timedelta(minutes=9))
    tables_tick()
    assert told == [table.pk]
    assert Deal.objects.get(pk=deal.pk).seq == deal.seq  # told of the clock, not of a move


def test_the_beat_is_written_once_a_second_per_process(monkeypatch, django_assert_max_num_queries):
    monkeypatch.setattr(resume, "BEAT_EVERY", 600.0)  # a slow machine must not make it two beats
    # As a fresh process: another test's tick in this process within those 600 s kept the first one
    # from beating (it failed so once in the whole suite).
    monkeypatch.setattr(resume, "_last_beat", [float("-inf")])
    with django_assert_max_num_queries(6):  # the beat (savepoint, read, write) and "anything due?"
        tables_tick()
    # Written once: a tick that never wrote it would pass the query counts above and below.
    beat_at = ClockBeat.objects.get(pk=1).beat_at
    with django_assert_max_num_queries(1):  # only the clock's own "anything due?" question
        tables_tick()
    assert ClockBeat.objects.get(pk=1).beat_at == beat_at


def test_turn_expire_with_a_time_of_its_own_is_unchanged(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    seq = deal.seq
    _clock_stopped(timedelta(minutes=10))
    assert turn_expire(deal_id=deal.pk, seq=seq, now=timezone.now() + timedelta(hours=1)) is not None


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_processes_back_at_once_give_the_time_back_once(make_table, players):
    if connection.vendor != "postgresql":
        pytest.skip("races are run on PostgreSQL")
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    _clock_stopped(timedelta(minutes=10))
    _deadline(deal, -timedelta(minutes=10) + timedelta(seconds=60))
    gate = threading.Barrier(4)
    found = []

    def clock() -> None:
        try:
            gate.wait()
            found.append(resume.clock_beat(force=True))
        finally:
            connection.close()

    threads = [threading.Thread(target=clock) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(gap is not None for gap in found) == 1
    deal.refresh_from_db()
    assert timezone.now() + timedelta(seconds=50) < deal.deadline <= timezone.now() + timedelta(seconds=61)
