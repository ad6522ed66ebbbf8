"""Scheduled sessions on a moved clock: seating opens, play starts, reservations lapse, the session
ends (also mid-deal), nobody comes, and the next week is scheduled; two clocks at once do it once."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games.engine import Action
from games.models import Deal, Reservation, Seat, TableSession
from games.services import TableError, dealing, table_act, table_sit, tables_tick
from games.services.schedule import reservation_cancel, seat_reserve
from ledger.services import account_bank, account_wallet, ledger_verify

from .conftest import play_deal_as_people

T0 = timezone.now().replace(microsecond=0) + timedelta(days=1)


@pytest.fixture
def evening(make_table):
    """Tomorrow 20:00-22:00 (relative to the test), weekly."""
    return make_table(starts_at=T0, ends_at=T0 + timedelta(hours=2), repeat_weekly=True, min_players=4)


def _status(table) -> str:
    table.refresh_from_db()
    return table.status


def test_seating_opens_fifteen_minutes_before_and_play_starts_on_time(evening, players):
    assert _status(evening) == TableSession.Status.SCHEDULED
    with pytest.raises(TableError) as refused:
        table_sit(session_id=evening.pk, user=players[0], position=0, buy_in=200)
    assert refused.value.code == "table_closed"
    tables_tick(T0 - timedelta(minutes=16))
    assert _status(evening) == TableSession.Status.SCHEDULED
    tables_tick(T0 - timedelta(minutes=15))
    assert _status(evening) == TableSession.Status.OPEN
    for position, user in enumerate(players):
        table_sit(session_id=evening.pk, user=user, position=position, buy_in=200)
    tables_tick(T0 - timedelta(minutes=1))
    assert not Deal.objects.filter(session=evening).exists()  # not before the start
    tables_tick(T0)
    evening.refresh_from_db()
    assert evening.started_at == T0
    tables_tick(T0 + timedelta(seconds=1))
    assert Deal.objects.filter(session=evening).count() == 1
    # The next week is on the calendar, once.
    following = TableSession.objects.get(series=evening, starts_at=T0 + timedelta(days=7))
    assert following.status == TableSession.Status.SCHEDULED
    assert following.ends_at == T0 + timedelta(days=7, hours=2)
    tables_tick(T0 + timedelta(seconds=2))
    assert TableSession.objects.filter(series=evening).count() == 2


def test_reservations_hold_a_seat_until_the_start_and_then_lapse(evening, players):
    seat_reserve(session_id=evening.pk, user=players[0], position=2)
    seat_reserve(session_id=evening.pk, user=players[1], position=3)
    with pytest.raises(TableError) as refused:
        seat_reserve(session_id=evening.pk, user=players[2], position=2)
    assert refused.value.code == "seat_reserved"
    with pytest.raises(TableError) as refused:
        seat_reserve(session_id=evening.pk, user=players[0], position=1)
    assert refused.value.code == "already_reserved"
    tables_tick(T0 - timedelta(minutes=10))
    with pytest.raises(TableError) as refused:  # a held seat is its holder's before the start
        table_sit(session_id=evening.pk, user=players[2], position=2, buy_in=200)
    assert refused.value.code == "seat_reserved"
    table_sit(session_id=evening.pk, user=players[0], position=2, buy_in=200)
    tables_tick(T0)
    assert Reservation.objects.get(member__user=players[0]).status == Reservation.Status.USED
    assert Reservation.objects.get(member__user=players[1]).status == Reservation.Status.LAPSED
    table_sit(session_id=evening.pk, user=players[2], position=3, buy_in=200)  # the lapsed seat is free
    with pytest.raises(TableError) as refused:
        seat_reserve(session_id=evening.pk, user=players[3], position=0)
    assert refused.value.code == "reservations_closed"


def test_a_reservation_can_be_cancelled(evening, players):
    seat_reserve(session_id=evening.pk, user=players[0], position=0)
    assert reservation_cancel(session_id=evening.pk, user=players[0]) is True
    assert reservation_cancel(session_id=evening.pk, user=players[0]) is False
    seat_reserve(session_id=evening.pk, user=players[1], position=0)


def test_a_session_nobody_sat_at_is_cancelled_and_the_next_week_scheduled(evening, players):
    seat_reserve(session_id=evening.pk, user=players[0], position=0)
    tables_tick(T0 - timedelta(minutes=15))
    tables_tick(T0)
    assert _status(evening) == TableSession.Status.OPEN
    tables_tick(T0 + timedelta(minutes=14))
    assert _status(evening) == TableSession.Status.OPEN
    tables_tick(T0 + timedelta(minutes=15))
    assert _status(evening) == TableSession.Status.CANCELLED
    assert TableSession.objects.filter(series=evening, starts_at=T0 + timedelta(days=7)).count() == 1


def test_the_end_lets_the_deal_in_progress_finish_then_sends_the_chips_home(evening, players, club):
    tables_tick(T0 - timedelta(minutes=15))
    for position, user in enumerate(players):
        table_sit(session_id=evening.pk, user=user, position=position, buy_in=200)
    tables_tick(T0)
    tables_tick(T0)
    deal = Deal.objects.get(session=evening)
    end = evening.ends_at
    tables_tick(end + timedelta(seconds=1))  # the deal runs: nothing closes yet
    assert _status(evening) == TableSession.Status.RUNNING
    # Play the deal out "after" the end: table_act uses the real clock, so move the end instead.
    TableSession.objects.filter(pk=evening.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    play_deal_as_people(deal, players)
    assert _status(evening) == TableSession.Status.FINISHED
    assert Deal.objects.filter(session=evening).count() == 1
    assert not Seat.objects.filter(session=evening).exclude(status=Seat.Status.LEFT).exists()
    assert account_bank(club=club, table_id=evening.pk).balance == 0
    wallets = sum(account_wallet(membership=s.member).balance for s in Seat.objects.filter(session=evening))
    assert wallets == 4 * 1000  # every chip of the evening went back to the players who played it
    assert ledger_verify()[0] == []


def test_the_end_with_no_deal_running_closes_at_once(evening, players):
    tables_tick(T0 - timedelta(minutes=15))
    table_sit(session_id=evening.pk, user=players[0], position=0, buy_in=200)
    tables_tick(T0)
    tables_tick(evening.ends_at)
    assert _status(evening) == TableSession.Status.FINISHED
    assert account_wallet(membership=Seat.objects.get(session=evening).member).balance == 1000


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_clocks_at_once_make_each_transition_once(evening, players):
    tables_tick(T0 - timedelta(minutes=15))
    for position, user in enumerate(players):
        table_sit(session_id=evening.pk, user=user, position=position, buy_in=200)
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def clock(at):
        try:
            barrier.wait()
            for _ in range(3):
                tables_tick(at)
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=clock, args=(T0,)) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert errors == []
    assert Deal.objects.filter(session=evening).count() == 1
    assert TableSession.objects.filter(series=evening).count() == 2
    deal = Deal.objects.get(session=evening)
    seat = dealing.deal_state(deal).queue[0]
    user = dealing.deal_players(deal)[seat].member.user
    table_act(session_id=evening.pk, user=user, action=Action("pass"), expected_seq=0)


def test_a_practice_table_with_only_bots_waits_for_a_player_and_is_not_cancelled(club, owner):
    """The demo's practice table (three bots and a free seat) was cancelled as a no-show fifteen
    minutes after the seed: nobody was expected at a time, its bots wait for whoever comes."""
    from django.core.management import call_command

    from club.management.commands.seed_demo import PRACTICE_TITLE

    call_command("seed_demo", "--allow-without-debug", verbosity=0)
    practice = TableSession.objects.get(title=PRACTICE_TITLE)
    assert Seat.objects.filter(session=practice).exclude(bot="").count() == 3
    for hours in (1, 24, 24 * 30):
        tables_tick(timezone.now() + timedelta(hours=hours))
        assert _status(practice) == TableSession.Status.OPEN
    assert Seat.objects.filter(session=practice).exclude(bot="").count() == 3


def test_a_failing_transition_waits_longer_after_each_failure_and_runs_again_once_fixed(
    evening, players, monkeypatch, caplog
):
    """A step that keeps failing is not retried (with a traceback and a lock) at every tick."""
    from games.services import schedule

    calls: list = []
    broken = True
    real_open = schedule.session_open

    def flaky_open(*, session_id, now=None):
        calls.append(now)
        if broken:
            raise RuntimeError("bad data")
        return real_open(session_id=session_id, now=now)

    monkeypatch.setitem(schedule.TRANSITIONS, "open", flaky_open)
    opens_at = T0 - timedelta(minutes=15)
    # Ticks every second for two minutes: tries at 0, 5, 15, 35 and 75 s (pauses of 5, 10, 20, 40).
    for second in range(120):
        tables_tick(opens_at + timedelta(seconds=second))
    assert [(now - opens_at).total_seconds() for now in calls] == [0, 5, 15, 35, 75]
    assert "5 in a row; next try in 80 s" in caplog.text
    assert _status(evening) == TableSession.Status.SCHEDULED
    broken = False
    tables_tick(opens_at + timedelta(seconds=154))
    assert len(calls) == 5  # still waiting
    tables_tick(opens_at + timedelta(seconds=155))
    assert _status(evening) == TableSession.Status.OPEN
    assert not schedule.schedule_failures.waiting(("open", evening.pk), opens_at + timedelta(seconds=156))


def test_the_pause_between_tries_stops_growing_at_ten_minutes():
    from games.services.schedule import RETRY_MAX, _Failures

    failures = _Failures()
    now = T0
    waits = [failures.failed(("end", 1), now)[1] for _ in range(40)]
    assert waits[:3] == [timedelta(seconds=5), timedelta(seconds=10), timedelta(seconds=20)]
    assert max(waits) == RETRY_MAX == waits[-1]
    failures.succeeded(("end", 1))
    assert failures.failed(("end", 1), now) == (1, timedelta(seconds=5))
