"""Review 107: Student Khrap's "Draw from" (top or bottom) kept across a reconnect into a later deal.

The page keeps what a player chose in the table's forms across an update by each control's id
(table.js, keepInputs). A card's tick was named by its deal for this reason (a tick came back on
the same card at the same move of a later deal after a reconnect), but the "Draw from" lists were
named by the move number alone: "bottom", chosen for a first card in one deal's exchange, came back
chosen at the same move of the next deal's exchange after the socket dropped and the clock played
meanwhile, and an Enter drew that deal's card from the bottom, which he had not chosen there. Found
reading the exchange's markup at a Student table."""

from __future__ import annotations

import copy
import re

from games.broadcast import table_messages

from .conftest import sit_all, start_deal
from .test_live_frame import _both, _exchange_from, _same


def test_a_draw_from_lists_id_names_its_deal(make_table, players):
    table = make_table(preset="student", buy_in_min=100, buy_in_max=100)
    sit_all(table, players[:3], buy_in=100)
    start_deal(table)
    message = next(m for _g, m in table_messages(table.pk) if m["view"]["seat"] is not None)
    ids = {}
    for deal_id in (41, 42):
        changed = copy.deepcopy(message)
        _exchange_from(changed)
        changed["public"]["deal"]["id"] = deal_id
        reference, drawn = _both(changed, players[0].pk, language="en")
        _same(reference, drawn)
        ids[deal_id] = set(re.findall(r'<select name="from_\d+" id="([^"]+)"', drawn))
    assert ids[41] and ids[42], ids
    assert not ids[41] & ids[42], ids
