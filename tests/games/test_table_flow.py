"""A table from sitting down to the end of a deal, through the services."""

from __future__ import annotations

from games.models import Deal, DealAction, Seat
from games.services import table_leave
from ledger.services import ledger_verify

from .conftest import play_deal_as_people, sit_all, start_deal


def test_four_players_play_a_classic_deal_to_the_end(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    assert deal.number == 1 and deal.seq == 0 and len(deal.players) == 4
    deal = play_deal_as_people(deal, players)
    assert deal.result in ("played", "redeal", "instant_win")
    assert DealAction.objects.filter(deal=deal).count() == deal.seq
    differences, _, _ = ledger_verify()
    assert differences == []


def test_leaving_between_deals_returns_the_stack(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    assert deal.is_over
    assert table_leave(session_id=table.pk, user=players[0]) is True
    seat = Seat.objects.get(session=table, member__user=players[0])
    assert seat.status == Seat.Status.LEFT
    assert Deal.objects.filter(session=table).count() == 1
