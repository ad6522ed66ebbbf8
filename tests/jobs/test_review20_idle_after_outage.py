"""The first inactivity sweep after an outage (the site or its database down: no heartbeat of an
open page could be written meanwhile) emptied every table whose players' pages had not yet beaten
again, stacks sent home and players of a running deal marked away, although the clock gives their
turns the time back. The end of the outage counts as a sign of life: the players have ten minutes
from it, as from any other."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.jobs_inactivity import tables_idle_sweep
from games.models import ClockBeat, Presence, Seat
from games.services import clock_resume
from games.tasks import tables_idle_sweep_job

from .conftest import sit_all

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_clock():
    clock_resume.clock_beat_forget()
    yield
    clock_resume.clock_beat_forget()


def test_the_first_sweep_after_an_outage_leaves_the_tables_to_their_players(make_table, players):
    table = make_table(seats=4, min_players=3)  # two seated: no deal
    sit_all(table, players[:2])
    down = timezone.now() - timedelta(minutes=30)
    Seat.objects.filter(session=table).update(sat_at=down - timedelta(minutes=10))
    for user in players[:2]:  # pages open all along; their heartbeats could not be written
        Presence.objects.create(session=table, user=user, connections=1, last_seen_at=down)
    ClockBeat.objects.update_or_create(pk=1, defaults={"beat_at": down})

    assert tables_idle_sweep_job.apply().get() == 0  # the first job back from the outage
    assert not Seat.objects.filter(session=table, status=Seat.Status.LEFT).exists()
    resumed = ClockBeat.objects.get().resumed_at
    assert resumed is not None and resumed > down + timedelta(minutes=29)
    # Nobody came back in the ten minutes after it: the table is emptied as any other.
    assert tables_idle_sweep(resumed + timedelta(minutes=9)) == 0
    assert tables_idle_sweep(resumed + timedelta(minutes=10, seconds=1)) == 1
    assert set(Seat.objects.filter(session=table).values_list("status", flat=True)) == {Seat.Status.LEFT}
