"""A finished deal's settlement ends with a line on the bank. It said "The bank carries N into the
next deal" when there was none: at a table that closed after the deal (its bank emptied by the
close), and at one where nobody else could ante (the bank went back to the deal's players; review 24
had the line say "carries 0"). Each says now what became of the bank."""

from __future__ import annotations

import copy
import re

from django.db import transaction
from django.test import Client
from django.utils import timezone

from games.broadcast import table_messages
from games.services import table_sit, tables_tick
from games.services.access import session_lock
from games.services.schedule import session_close
from ledger.models import Account

from .conftest import sit_all, start_deal
from .test_live_frame import LANGUAGES, _both, _same
from .test_review_replay import _everybody_passes

CARRIES = "into the next deal"


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _page(table, user) -> str:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return _text(client.get(f"/tables/{table.pk}/").content.decode())


def test_a_table_closed_after_a_deal_says_its_bank_was_emptied(make_table, players):
    table = make_table(turn_seconds=600)
    sit_all(table, players)
    deal = _everybody_passes(table, start_deal(table))  # a redeal: the antes stay in the bank
    bank = deal.outcome["bank"]
    assert bank > 0
    with transaction.atomic():
        session_close(session=session_lock(table.pk), now=timezone.now())
    assert Account.objects.get(table_id=table.pk, kind="bank").balance == 0
    page = _page(table, players[0])
    assert f"This table is closed: its bank of {bank} was emptied and there is no next deal." in page
    assert CARRIES not in page


def test_a_bank_nobody_else_could_ante_for_says_where_it_went(make_table, players):
    # Frap antes every round (RULES.md 7): the first player can pay two rounds, not a third.
    table = make_table(preset="frap", seats=2, stake=5, buy_in_min=10, buy_in_max=500, turn_seconds=600)
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=10)
    table_sit(session_id=table.pk, user=players[1], position=1, buy_in=200)
    deal = _everybody_passes(table, start_deal(table))
    tables_tick()  # nobody else can ante the redeal: the bank is shared
    page = _page(table, players[1])
    shared = deal.outcome["bank"]
    assert shared > 0
    assert f"Nobody else could ante: the bank's {shared} went back to this deal's players." in page
    assert CARRIES not in page


def test_each_bank_line_is_drawn_as_the_template_drew_it(make_table, players):
    table = make_table(turn_seconds=600)
    sit_all(table, players)
    deal = _everybody_passes(table, start_deal(table))
    settled = [m for _, m in table_messages(table.pk) if m.get("view") and m["view"].get("outcome")]
    assert settled, "no settlement frame"
    bank = deal.outcome["bank"]
    cases = {
        "carries": ({}, f"The bank carries {bank} into the next deal."),
        "closed": (
            {"status": "finished", "bank": 0, "out": 0},
            "This table is closed: there is no next deal.",
        ),
        "closed, emptied": (
            {"status": "finished", "bank": 0},
            f"This table is closed: its bank of {bank} was emptied and there is no next deal.",
        ),
        "shared": (
            {"bank": 0},
            f"Nobody else could ante: the bank's {bank} went back to this deal's players.",
        ),
    }
    for name, (change, line) in cases.items():
        message = copy.deepcopy(settled[0])
        if "status" in change:
            message["public"]["session"]["status"] = change["status"]
        if "bank" in change:
            message["public"]["bank"] = change["bank"]
        if "out" in change:
            message["view"]["outcome"]["bank"] = change["out"]
        for language in LANGUAGES:
            reference, drawn = _both(message, players[0].pk, language=language)
            _same(reference, drawn)
        assert line in _text(_both(message, players[0].pk, language="en")[1]), name
