"""Review 41: at the demo's practice table a newcomer played a deal against the bots and stood up
after it. The settlement then said "Nobody else could ante: the bank's 40 went back to this deal's
players", but the bots could ante, and the bank went to the club's practice chips (a practice table's
bank goes home to the treasury once no person sits there: ``games.services.closing``). The line now
says where the bank went."""

from __future__ import annotations

import copy

from django.db import transaction

from games.broadcast import table_messages
from games.services import table_leave
from ledger.models import Account, Journal

from .conftest import sit_all, start_deal
from .test_closed_table_bank_line import CARRIES, _page, _text
from .test_live_frame import LANGUAGES, _both, _same
from .test_review_replay import _everybody_passes

WRONG = "went back to this deal's players"


def test_a_practice_bank_nobody_plays_for_says_it_went_to_the_practice_chips(make_table, players):
    table = make_table(turn_seconds=600, practice=True)
    sit_all(table, players)
    deal = start_deal(table)
    for user in players:  # each stands up when this deal ends
        with transaction.atomic():
            table_leave(session_id=table.pk, user=user)
    deal = _everybody_passes(table, deal)  # a redeal: the antes stay in the bank
    bank = deal.outcome["bank"]
    assert bank > 0
    assert Account.objects.get(table_id=table.pk, kind="bank").balance == 0
    assert Journal.objects.filter(kind=Journal.Kind.BANK_CLOSE, club=table.club).exists()
    page = _page(table, players[0])
    assert WRONG not in page
    assert f"Nobody plays here any more: the bank's {bank} went back to the club's practice chips." in page
    assert CARRIES not in page


def test_the_practice_bank_line_is_drawn_as_the_template_draws_it(make_table, players):
    table = make_table(turn_seconds=600, practice=True)
    sit_all(table, players)
    deal = _everybody_passes(table, start_deal(table))
    settled = [m for _, m in table_messages(table.pk) if m.get("view") and m["view"].get("outcome")]
    assert settled, "no settlement frame"
    message = copy.deepcopy(settled[0])
    message["public"]["bank"] = 0
    message["public"]["seats"] = [dict(s, user_id=None, bot=True) for s in message["public"]["seats"]]
    for language in LANGUAGES:
        reference, drawn = _both(message, players[0].pk, language=language)
        _same(reference, drawn)
    bank = deal.outcome["bank"]
    line = f"Nobody plays here any more: the bank's {bank} went back to the club's practice chips."
    assert line in _text(_both(message, players[0].pk, language="en")[1])
