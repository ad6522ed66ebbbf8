"""Review 118: a deal in flight while the tables' clock stood still (the site down for the night, a
restart) counted the whole outage as its players' "Time played": the leaderboard's column, and its
places, gave hours of play to whoever happened to be in a deal when the server went down, though
nobody could move meanwhile. The outage is now left out, by the deal's count and the nightly recount
alike."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import ClockBeat, Deal, PlayerStats
from games.services import clock_resume as resume
from games.services import tables_tick
from games.stats import stats_deal_count, stats_recompute

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_clock():
    resume.clock_beat_forget()
    yield
    resume.clock_beat_forget()
    timezone.deactivate()


@pytest.mark.parametrize("owed_before", [False, True], ids=["turn_in_the_outage", "turn_owed_before"])
def test_an_outage_during_a_deal_is_not_time_played(make_table, players, owed_before):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    now = timezone.now()
    stopped = now - timedelta(hours=3)
    # A minute into the deal the site went down, for three hours.
    Deal.objects.filter(pk=deal.pk).update(
        started_at=stopped - timedelta(minutes=1),
        deadline=stopped + (-timedelta(seconds=1) if owed_before else timedelta(seconds=20)),
    )
    ClockBeat.objects.update_or_create(pk=1, defaults={"beat_at": stopped})
    tables_tick()  # the clock's first tick back
    deal.refresh_from_db()
    play_deal_as_people(deal, players)
    assert stats_deal_count(deal_id=deal.pk)
    rows = PlayerStats.objects.filter(member__user__in=players)
    played = [timedelta(seconds=s) for s in rows.values_list("seconds_played", flat=True)]
    assert played and all(timedelta(minutes=1) <= s < timedelta(minutes=5) for s in played), played
    assert stats_recompute()["differences"] == 0  # the night's recount reads it the same way
