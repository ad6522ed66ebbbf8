"""Review 143: a player's success chart counts every deal he played a status in, as the counters
beside it do. It read only his last 2,000 such deals: a member of a few years' club nights read
"snore: 60 % (1200 of 2000)" under "Snores made: 1,500 · Snores failed: 600"."""

from __future__ import annotations

import pytest

from club.models import Membership
from games.engine._base import HELPER_TYPES, SNORER_TYPES
from games.models import DealPlayer
from games.stats import stats_recompute
from games.stats_read import player_success_by_status, player_totals

from .conftest import sit_all
from .many_deals import a_deal_with_a_status, deal_copies

pytestmark = pytest.mark.django_db

#: More deals with a status than the chart once read.
MANY = 2_100


def test_the_success_chart_counts_every_deal_the_counters_count(make_table, players, play_deals):
    table = make_table()
    sit_all(table, players)
    deal, row = a_deal_with_a_status(table, players, play_deals)
    deal_copies(deal, MANY, log=True)
    stats_recompute()
    member = Membership.objects.get(pk=row.member_id)
    bars = player_success_by_status(membership=member)
    # What his deals say (the history): every deal he was dealt into with a status.
    truth = (
        DealPlayer.objects.filter(member=member, status__in=sorted(SNORER_TYPES | HELPER_TYPES))
        .exclude(deal__finished_at__isnull=True)
        .count()
    )
    assert truth > MANY
    assert sum(bar["deals"] for bar in bars) == truth
    totals = player_totals(membership=member)
    snores = [bar for bar in bars if bar["status"] in SNORER_TYPES]
    assert sum(bar["deals"] for bar in snores) == totals.snores_made + totals.snores_failed
    assert sum(bar["made"] for bar in snores) == totals.snores_made
