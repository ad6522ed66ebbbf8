"""Review 24: when a table cannot deal any more (too few players can pay), its bank is shared into
the stacks of the last deal's players. The table page went on showing the last deal's numbers: the
broke player's stack as 0 (he had his share), the bank still full, and "The bank carries 25 into the
next deal" (there was none; the bank was empty). A finished deal's frame now shows each seat's stack
and the bank as the ledger has them."""

from __future__ import annotations

import re

from django.test import Client

from games.services import dealing, table_sit, tables_tick
from games.services.booking import seat_stack_balance
from ledger.models import Account

from .conftest import start_deal
from .test_review_replay import _everybody_passes


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_table_shows_the_chips_the_bank_was_shared_into(make_table, players):
    # Frap antes every round (RULES.md 7): the first player can pay two rounds, not a third.
    table = make_table(preset="frap", seats=2, stake=5, buy_in_min=10, buy_in_max=500, turn_seconds=600)
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=10)
    table_sit(session_id=table.pk, user=players[1], position=1, buy_in=200)
    deal = _everybody_passes(table, start_deal(table))
    assert deal.result == "redeal" and deal.outcome["stacks"][deal_seat(deal, players[0])] == 0
    tables_tick()  # nobody else can ante the redeal: the bank is shared
    assert Account.objects.get(table_id=table.pk, kind="bank").balance == 0
    mine = seat_stack_balance(dealing.deal_players(deal)[deal_seat(deal, players[0])])
    assert mine > 0
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(f"/tables/{table.pk}/").content.decode()
    seat = re.search(r'<li class="seat me[^"]*".*?<span class="chips"[^>]*>(\d+)<', page, re.S)
    assert seat is not None
    assert int(seat.group(1)) == mine, "the seat shows the stack the last deal left, not his share"
    assert re.search(r'Bank</dt><dd class="chips">0<', page), "the bank is shown as the last deal left it"
    # Said as what became of it (tests/games/test_closed_table_bank_line.py), not "carries 0".
    assert f"the bank's {deal.outcome['bank']} went back to this deal's players." in _text(page)


def deal_seat(deal, user) -> int:
    return next(i for i, s in enumerate(dealing.deal_players(deal)) if s.member.user_id == user.pk)
