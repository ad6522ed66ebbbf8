"""Reading a table's update: the seats' stacks and holds come with the seats query, and match the
ledger for members and bots alike."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.broadcast import table_messages
from games.services import table_bot_add
from games.services.presence import presence_join
from ledger.models import Account

from .conftest import sit_all, start_deal


def test_an_update_reads_balances_with_the_seats(make_table, players, owner):
    table = make_table()
    sit_all(table, players[:3])
    table_bot_add(session_id=table.pk, actor=owner, position=3, buy_in=300)
    deal = start_deal(table)
    for user in players[:3]:
        presence_join(session_id=table.pk, user=user)
    with CaptureQueriesContext(connection) as queries:
        messages = table_messages(table.pk)
    # The table with its deal, presence, seats with balances, the deal's log (no pending seed).
    assert len(queries) <= 5, [q["sql"][:120] for q in queries]
    public = messages[0][1]["public"]
    accounts = Account.objects.filter(table_id=table.pk, kind__in=[Account.Kind.STACK, Account.Kind.HOLD])
    for seat in public["seats"]:
        if seat["bot"]:
            mine = accounts.filter(seat_id=seat["seat_id"], member__isnull=True)
        else:
            mine = accounts.filter(member__user_id=seat["user_id"])
        expected = {kind: 0 for kind in ("stack", "hold")}
        expected.update(dict(mine.values_list("kind", "balance")))
        assert (seat["stack"], seat["hold"]) == (expected["stack"], expected["hold"]), seat
        assert seat["stack"] > 0, seat
    assert deal.pk == public["deal"]["id"]
