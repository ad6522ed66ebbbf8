"""Review 42: scheduled sessions as club managers and players meet them."""

from __future__ import annotations

import zoneinfo
from datetime import datetime, time, timedelta

import pytest
from django.utils import timezone

from games.models import TableSession
from games.services import tables_tick

SOFIA = zoneinfo.ZoneInfo("Europe/Sofia")


def _sunday_before_winter_time() -> datetime:
    """A Sunday 19:00 in Sofia, ahead, whose next Sunday is on winter time (an hour later in UTC)."""
    day = (timezone.now() + timedelta(days=2)).astimezone(SOFIA).date()
    for _ in range(400):
        here = datetime.combine(day, time(19, 0), tzinfo=SOFIA)
        there = datetime.combine(day + timedelta(days=7), time(19, 0), tzinfo=SOFIA)
        if here.utcoffset() > there.utcoffset():
            return here
        day += timedelta(days=1)
    raise AssertionError("no end of summer time in Sofia within a year")


def test_a_weekly_table_started_late_after_an_outage_keeps_the_coming_week_across_the_end_of_summer_time(
    make_table, owner
):
    """The clock stood still over Sunday's start and came back half an hour before the next
    Sunday's (19:00 in Sofia, now on winter time): that week has not gone by, and it was skipped,
    the series going on a fortnight later."""
    owner.time_zone = "Europe/Sofia"
    owner.save(update_fields=["time_zone"])
    starts = _sunday_before_winter_time()
    table = make_table(starts_at=starts, ends_at=starts + timedelta(hours=3), repeat_weekly=True)
    next_sunday = datetime.combine(starts.date() + timedelta(days=7), time(19, 0), tzinfo=SOFIA)
    back = next_sunday - timedelta(minutes=30)
    tables_tick(back)  # seating opens
    tables_tick(back)  # the start, late
    table.refresh_from_db()
    assert table.started_at == back
    following = TableSession.objects.exclude(pk=table.pk).get(series=table)
    assert following.starts_at == next_sunday
    assert following.starts_at.astimezone(SOFIA).time() == time(19, 0)


def test_an_outage_during_the_no_show_grace_gives_the_latecomers_the_rest_of_it(make_table, players):
    """Play started on time with nobody seated yet, and a minute later the clock stood still (every
    server down) for a quarter of an hour: nobody could sit meanwhile, and the first tick back called
    the table off as a no-show before anyone could, with fourteen minutes of the grace not had."""
    from games.models import ClockBeat
    from games.services import clock_resume as resume
    from games.services import table_sit
    from games.services.schedule import NO_SHOW_GRACE

    now = timezone.now()
    table = make_table(starts_at=now + timedelta(hours=1))
    started = now - timedelta(minutes=16)
    TableSession.objects.filter(pk=table.pk).update(
        starts_at=started, started_at=started, status=TableSession.Status.OPEN
    )
    ClockBeat.objects.update_or_create(pk=1, defaults={"beat_at": started + timedelta(minutes=1)})
    resume.clock_beat_forget()
    try:
        tables_tick()  # the real clock's first tick after the outage
    finally:
        resume.clock_beat_forget()
    table.refresh_from_db()
    assert table.status == TableSession.Status.OPEN
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)  # he came in time
    # The grace given back is the rest of it, not a new one for ever: an empty table still goes.
    empty = make_table(starts_at=now + timedelta(hours=1))
    TableSession.objects.filter(pk=empty.pk).update(
        starts_at=started, started_at=started, status=TableSession.Status.OPEN
    )
    tables_tick(timezone.now() + NO_SHOW_GRACE)
    empty.refresh_from_db()
    assert empty.status == TableSession.Status.CANCELLED
    table.refresh_from_db()
    assert table.status == TableSession.Status.OPEN


CANCELLED = "This table was cancelled."


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_a_stale_page_of_a_cancelled_session_says_it_was_cancelled(make_table, players, owner, language):
    """A manager called the session off while two members had its club page open: the one who
    reserved, pressing "cancel my reservation", was told he held no seat at it, and the other,
    reserving, that seats are reserved only before the session starts (it had not started)."""
    from django.contrib.messages import get_messages
    from django.test import Client
    from django.utils import translation

    from games.services.schedule import seat_reserve, session_cancel

    table = make_table(starts_at=timezone.now() + timedelta(hours=2))
    seat_reserve(session_id=table.pk, user=players[0], position=0)
    session_cancel(session_id=table.pk, actor=owner)
    with translation.override(language):
        said = translation.gettext(CANCELLED)
    assert language == "en" or said != CANCELLED
    for user, path, data in (
        (players[0], f"/tables/{table.pk}/unreserve/", {}),
        (players[1], f"/tables/{table.pk}/reserve/", {"position": "2"}),
    ):
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
        response = client.post(path, data)
        assert response.status_code == 302
        assert [str(m) for m in get_messages(response.wsgi_request)] == [said]


def test_a_weekly_table_opened_a_few_minutes_after_its_hour_keeps_that_hour(make_table, owner):
    """A manager typed Friday 20:00 at 20:03 and ticked "every week": the table opened at once, as
    it should, but the series took 20:03:27 for its hour, and every week after began then."""
    owner.time_zone = "Europe/Sofia"
    owner.save(update_fields=["time_zone"])
    typed = (timezone.now() - timedelta(minutes=2)).astimezone(SOFIA).replace(second=0, microsecond=0)
    table = make_table(starts_at=typed, repeat_weekly=True)
    assert table.status == TableSession.Status.OPEN and table.started_at is not None  # open now
    following = TableSession.objects.exclude(pk=table.pk).get(series=table)
    local = following.starts_at.astimezone(SOFIA)
    assert local.replace(tzinfo=None) == typed.replace(tzinfo=None) + timedelta(days=7)


def test_reserve_pressed_twice_holds_the_seat_once_and_says_so_twice(make_table, players):
    """A double click on "Reserve" (or the browser sending the form again): the seat was his after
    the first, and the second told him, in red, that he already held a seat, as if it had failed."""
    from django.contrib.messages import SUCCESS, get_messages
    from django.test import Client

    from games.models import Reservation

    table = make_table(starts_at=timezone.now() + timedelta(hours=2))
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    for _ in range(2):
        response = client.post(f"/tables/{table.pk}/reserve/", {"position": "3"})
    told = list(get_messages(response.wsgi_request))  # both clicks' words, the page not seen between
    assert [m.level for m in told] == [SUCCESS, SUCCESS], [str(m) for m in told]
    assert list(Reservation.objects.filter(session=table).values_list("position", "status")) == [
        (2, Reservation.Status.HELD)
    ]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_double_click_on_reserve_at_once_holds_one_seat_and_refuses_neither(make_table, players):
    """The two presses of a double click, on two connections at once."""
    import threading

    from django.db import connection

    from club.errors import ServiceError
    from games.models import Reservation
    from games.services.schedule import seat_reserve

    for round_ in range(3):
        table = make_table(starts_at=timezone.now() + timedelta(hours=2))
        barrier = threading.Barrier(2)
        results: list[object] = []

        def press(
            table: TableSession = table,
            position: int = round_,
            barrier: threading.Barrier = barrier,
            results: list[object] = results,
        ) -> None:
            try:
                barrier.wait()
                results.append(seat_reserve(session_id=table.pk, user=players[0], position=position).pk)
            except ServiceError as exc:
                results.append(exc.code)
            finally:
                connection.close()

        threads = [threading.Thread(target=press) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
        held = list(Reservation.objects.filter(session=table).values_list("pk", flat=True))
        assert len(held) == 1 and results == [held[0], held[0]], results


SEATING_WORDS = "Seating is open: the first deal is dealt at the start, once enough people sit down."


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_a_full_table_waiting_for_its_start_says_so_not_that_it_waits_for_players(
    make_table, players, language
):
    """Seating had opened ten minutes before the start and all four seats were taken: the table said
    "Waiting for players: the first deal starts when enough people sit down", and nothing was dealt
    for ten minutes, as if it were broken."""
    from django.test import Client
    from django.utils import translation

    from .conftest import sit_all

    table = make_table(starts_at=timezone.now() + timedelta(minutes=10))
    sit_all(table, players)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(f"/tables/{table.pk}/").content.decode()
    with translation.override(language):
        said = translation.gettext(SEATING_WORDS)
        waiting = translation.gettext(
            "Waiting for players: the first deal starts when enough people sit down."
        )
    assert language == "en" or said != SEATING_WORDS
    assert said in page and waiting not in page
