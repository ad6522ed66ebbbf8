"""A table's books say how many chips each kind of journal moved, those that left the table too
(review 9: three stand-ups that sent 599 chips home read "Leave 3 journals, 0 chips": only what
arrived on the table's own accounts was counted)."""

from __future__ import annotations

from games.services import table_leave
from ledger.models import Account
from ledger.selectors import table_ledger

from .conftest import play_deal_as_people, sit_all, start_deal


def test_the_chips_moved_by_kind_count_those_that_left_the_table(make_table, players):
    table = make_table()
    sit_all(table, players, buy_in=200)
    play_deal_as_people(start_deal(table), players)
    stacks = sum(a.balance for a in Account.objects.filter(table_id=table.pk) if a.kind == Account.Kind.STACK)
    for user in players:
        table_leave(session_id=table.pk, user=user)
    books = table_ledger(table_id=table.pk)
    moved = {row["kind"]: row["chips"] for row in books.by_kind}
    assert moved["buy_in"] == 800
    assert moved["leave"] == stacks > 0
    assert books.went_out == stacks
