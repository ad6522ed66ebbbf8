"""Review 24: a table that cannot deal any more shares its bank among "the players of its last
deal". Those were every seat the deal was made for, a newcomer who sat the deal out waiting for an
empty bank (RULES.md 3: nobody plays for a bank he did not pay into) among them: he was handed a
share of antes he never paid, taken from the players who paid them. The bank now goes to the players
who were dealt into the last deal."""

from __future__ import annotations

from games.models import Deal
from games.services import dealing, table_sit, tables_tick
from games.services.booking import seat_stack_balance
from ledger.models import Account

from .conftest import sit_all, start_deal
from .test_review_replay import _everybody_passes


def test_a_newcomer_waiting_for_an_empty_bank_gets_no_share_of_it(make_table, players):
    # Each of the first two can pay one ante and a redeal's: then they have nothing left.
    table = make_table(preset="classic", seats=3, stake=5, buy_in_min=10, buy_in_max=10, turn_seconds=600)
    sit_all(table, players[:2], buy_in=10)
    first = _everybody_passes(table, start_deal(table))
    assert first.result == "redeal"  # nobody could cover a snore: the bank keeps the antes
    table_sit(session_id=table.pk, user=players[2], position=2, buy_in=10)
    second = start_deal(table)
    state = dealing.deal_state(second)
    assert len(state.setup.dealt) == 2 and state.setup.waiting, "the newcomer should wait"
    assert _everybody_passes(table, second).result == "redeal"
    assert dealing.bank_balance(table) == 20
    tables_tick()  # nobody but the newcomer can ante the next redeal: the bank is shared
    assert not Deal.objects.filter(session=table, finished_at__isnull=True).exists()
    assert Account.objects.get(table_id=table.pk, kind="bank").balance == 0
    seats = {s.member.user_id: s for s in dealing.deal_players(second)}
    newcomer = seats[players[2].pk]
    assert seat_stack_balance(newcomer) == 10, "the waiting newcomer was given a share of the bank"
    assert sorted(seat_stack_balance(seats[p.pk]) for p in players[:2]) == [10, 10]
