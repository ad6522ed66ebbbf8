"""Review 143: a player's success chart counts every deal he played a status in, as the counters
beside it do. It read only his last 2,000 such deals: a member of a few years' club nights read
"snore: 60 % (1200 of 2000)" under "Snores made: 1,500 · Snores failed: 600"."""

from __future__ import annotations

import pytest

from club.models import Membership
from games.engine._base import HELPER_TYPES, SNORER_TYPES
from games.models import Deal, DealAction, DealPlayer
from games.stats import stats_recompute
from games.stats_read import player_success_by_status, player_totals

from .conftest import sit_all

pytestmark = pytest.mark.django_db

#: More deals with a status than the chart once read.
MANY = 2_100


def _a_deal_with_a_status(table, players, play_deals) -> tuple[Deal, DealPlayer]:
    for _ in range(40):
        (deal,) = play_deals(table, players, 1)
        row = (
            DealPlayer.objects.filter(deal=deal, status__in=sorted(SNORER_TYPES | HELPER_TYPES))
            .order_by("engine_seat")
            .first()
        )
        if row is not None:
            return deal, row
    pytest.skip("no status declared in 40 deals")


def _copies(deal: Deal, number_from: int, count: int) -> None:
    """``count`` more deals of the same table, each the same as ``deal``: its rows and its log."""
    rows = list(DealPlayer.objects.filter(deal=deal))
    actions = list(DealAction.objects.filter(deal=deal))
    fields = {
        f.attname: getattr(deal, f.attname)
        for f in Deal._meta.concrete_fields
        if f.attname not in ("id", "number")
    }
    made = Deal.objects.bulk_create(
        [Deal(number=number_from + i, **fields) for i in range(count)], batch_size=500
    )
    DealPlayer.objects.bulk_create(
        [
            DealPlayer(
                deal=copy,
                seat_id=r.seat_id,
                member_id=r.member_id,
                engine_seat=r.engine_seat,
                status=r.status,
                net=r.net,
            )
            for copy in made
            for r in rows
        ],
        batch_size=2000,
    )
    DealAction.objects.bulk_create(
        [
            DealAction(
                **{
                    f.attname: getattr(a, f.attname)
                    for f in DealAction._meta.concrete_fields
                    if f.attname not in ("id", "deal_id")
                },
                deal=copy,
            )
            for copy in made
            for a in actions
        ],
        batch_size=2000,
    )


def test_the_success_chart_counts_every_deal_the_counters_count(make_table, players, play_deals):
    table = make_table()
    sit_all(table, players)
    deal, row = _a_deal_with_a_status(table, players, play_deals)
    _copies(deal, Deal.objects.filter(session=table).count() + 1, MANY)
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
