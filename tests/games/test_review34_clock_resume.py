"""Review 34: the worker (the tables' clock) was down while the web kept taking moves. A turn or a
pause that began in the outage got, once the worker was back, all the time from the stop to its
deadline: a turn begun nine minutes into a ten-minute outage waited nine more minutes (a bot's
move, due a second after the player's, too). It gets its own length back, counted from when it
began."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import ClockBeat, Deal, TableSession
from games.services import clock_resume as resume
from games.services import tables_tick

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db

OUTAGE = timedelta(minutes=10)


@pytest.fixture(autouse=True)
def _fresh_clock():
    resume.clock_beat_forget()
    yield
    resume.clock_beat_forget()


def test_a_turn_begun_in_the_outage_gets_its_own_length_not_the_outage(make_table, players):
    table = make_table(turn_seconds=30)
    sit_all(table, players)
    deal = start_deal(table)
    now = timezone.now()
    ClockBeat.objects.update_or_create(pk=1, defaults={"beat_at": now - OUTAGE})
    # The turn began a minute ago (nine minutes into the outage) and ran out half a minute ago.
    Deal.objects.filter(pk=deal.pk).update(
        started_at=now - timedelta(seconds=60), deadline=now - timedelta(seconds=30)
    )
    before = timezone.now()
    tables_tick()  # the worker's first tick after the outage
    deal.refresh_from_db()
    assert deal.seq == 0, "the turn of the outage was played by default"
    assert before + timedelta(seconds=29) <= deal.deadline <= timezone.now() + timedelta(seconds=30)


def test_a_pause_begun_in_the_outage_gets_its_own_length_not_the_outage(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    now = timezone.now()
    ClockBeat.objects.update_or_create(pk=1, defaults={"beat_at": now - OUTAGE})
    # The deal ended a minute ago (by the players' moves through the web); its 4 s pause ran out.
    Deal.objects.filter(pk=deal.pk).update(
        started_at=now - timedelta(seconds=90), finished_at=now - timedelta(seconds=60), deadline=None
    )
    TableSession.objects.filter(pk=table.pk).update(next_deal_at=now - timedelta(seconds=56))
    tables_tick()
    table.refresh_from_db()
    assert table.next_deal_at is not None
    # Its 4 s, at least the grace to reconnect; not the nine minutes from the stop to its end.
    assert table.next_deal_at <= timezone.now() + resume.GRACE
