"""A member with thousands of deals, made quickly: one deal played with a status, then copied in bulk
(the player page's charts and the recount read history at that size; reviews 143, 145, 150)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.engine._base import HELPER_TYPES, SNORER_TYPES
from games.models import Deal, DealAction, DealPlayer, TableSession

#: The statuses the success chart counts.
STATUSES = sorted(SNORER_TYPES | HELPER_TYPES)


def a_deal_with_a_status(
    table: TableSession, players: list, play_deals: Callable[..., list[Deal]]
) -> tuple[Deal, DealPlayer]:
    """A deal played at ``table`` in which someone played a status, and the first such row."""
    for _ in range(40):
        (deal,) = play_deals(table, players, 1)
        row = DealPlayer.objects.filter(deal=deal, status__in=STATUSES).order_by("engine_seat").first()
        if row is not None:
            return deal, row
    pytest.skip("no status declared in 40 deals")


def deal_copies(deal: Deal, count: int, *, log: bool = False) -> list[Deal]:
    """``count`` more deals of ``deal``'s table, numbered after its last, each as ``deal``: its
    players' rows, and with ``log`` its actions too (the recount reads the statuses from them)."""
    first = Deal.objects.filter(session_id=deal.session_id).count() + 1
    fields = {
        f.attname: getattr(deal, f.attname)
        for f in Deal._meta.concrete_fields
        if f.attname not in ("id", "number")
    }
    made = Deal.objects.bulk_create([Deal(number=first + i, **fields) for i in range(count)], batch_size=2000)
    rows = list(DealPlayer.objects.filter(deal=deal))
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
        batch_size=5000,
    )
    if log:
        actions = list(DealAction.objects.filter(deal=deal))
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
    return made
