"""A table from sitting down to the end of a deal, through the services."""

from __future__ import annotations

import pytest

from club.models import Membership
from games.models import Deal, DealAction, Seat
from games.services import table_away, table_back, table_leave, table_sit
from ledger.services import account_wallet, ledger_verify

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


def _balance(account) -> int:
    from ledger.models import Account

    return Account.objects.get(pk=account.pk).balance


def _play_with_clock(table, rounds: int = 600) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from games.services import tables_tick

    for _ in range(rounds):
        deal = Deal.objects.filter(session=table).order_by("-number").first()
        if deal is not None and deal.is_over:
            return
        tables_tick(timezone.now() + timedelta(seconds=5))
    raise AssertionError("the bots did not finish the deal")


def test_a_manager_seats_bots_with_treasury_chips_and_they_go_back(make_table, players, owner, club):
    from games.services import table_bot_add, table_bot_remove
    from ledger.services import account_treasury

    table = make_table(min_players=2, seats=3)
    treasury = account_treasury(club=club)
    before = _balance(treasury)
    table_bot_add(session_id=table.pk, actor=owner, position=1, buy_in=300)
    table_bot_add(session_id=table.pk, actor=owner, position=2, buy_in=300)
    assert _balance(treasury) == before - 600
    from games.services import TableError

    with pytest.raises(TableError) as refused:  # a plain member may not
        table_bot_add(session_id=table.pk, actor=players[0], position=0, buy_in=300)
    assert refused.value.code == "not_manager"
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    table_away(session_id=table.pk, user=players[0])  # the person is played by default moves
    table_back(session_id=table.pk, user=players[0])
    start_deal(table)
    table_away(session_id=table.pk, user=players[0])
    _play_with_clock(table)
    deal = Deal.objects.get(session=table)
    assert set(DealAction.objects.filter(deal=deal).values_list("actor", flat=True)) <= {"bot", "timeout"}
    assert DealAction.objects.filter(deal=deal, actor="bot").exists()
    for position in (1, 2):
        table_bot_remove(session_id=table.pk, actor=owner, position=position)
    table_leave(session_id=table.pk, user=players[0])
    from ledger.services import account_bank

    bank = _balance(account_bank(club=club, table_id=table.pk))
    wallet_player = _balance(account_wallet(membership=Membership.objects.get(club=club, user=players[0])))
    # Every chip is somewhere: the treasury, the player's wallet or the bank carried over.
    assert _balance(treasury) + wallet_player + bank == before + 1000
    assert ledger_verify()[0] == []


def test_a_practice_table_leaves_wallets_alone_and_closes_when_its_player_leaves(club, players):
    from games.models import TableSession
    from games.services import practice_table_open
    from ledger.services import account_bank, account_treasury

    membership = Membership.objects.get(club=club, user=players[0])
    wallet = account_wallet(membership=membership)
    treasury = account_treasury(club=club)
    wallet_before, treasury_before = _balance(wallet), _balance(treasury)
    table = practice_table_open(club=club, user=players[0], preset="classic")
    assert Seat.objects.filter(session=table).exclude(bot="").count() == 3
    assert _balance(wallet) == wallet_before
    start_deal(table)
    table_away(session_id=table.pk, user=players[0])
    _play_with_clock(table)
    assert table_leave(session_id=table.pk, user=players[0]) is True
    table.refresh_from_db()
    assert table.status == TableSession.Status.FINISHED
    assert not Seat.objects.filter(session=table).exclude(status=Seat.Status.LEFT).exists()
    assert _balance(account_bank(club=club, table_id=table.pk)) == 0
    assert _balance(wallet) == wallet_before
    assert _balance(treasury) == treasury_before
    assert ledger_verify()[0] == []
