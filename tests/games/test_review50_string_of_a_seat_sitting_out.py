"""Review 50: a seated player's browser adds its string to the next deal as soon as the commitment
shows; if he then went away (or was stood up) before the deal, the deal was dealt without his seat
and his string was dropped from the seed. His browser had remembered it, so the Fairness page told
him of that deal, fair as it was, that the server had left his string out. Every string filed for
the deal's commitment is now mixed in (in seat order), whether or not its seat was dealt in: a
string nobody could have chosen against the seed changes nothing of the fairness, and the page's
word holds.

Review 152 undid that: the record now names each string's seat, and the verifiers refuse a string
that is no seat's of the deal (else a server could add strings "from players who went away" and
grind for a deck). A deal mixes in its own seats' strings only; the Fairness page tells a player
who had no seat in the deal so (``tests/games/test_r152_strings_by_seat.py``), and the deal, with
the strings it mixed in, verifies."""

from __future__ import annotations

import json

from django.test import Client

from games.engine.verify import verify_scenario
from games.services import seed_contribute, table_away

from .conftest import play_deal_as_people, sit_all, start_deal


def test_a_deal_with_a_string_sent_before_going_away_verifies(make_table, players):
    table = make_table(turn_seconds=600)
    sit_all(table, players)
    seed_contribute(session_id=table.pk, user=players[1], value="gleb-string")
    seed_contribute(session_id=table.pk, user=players[3], value="ivan-string")
    table_away(session_id=table.pk, user=players[3])
    deal = start_deal(table)
    assert len(deal.players) == 3  # Ivan sits this deal out
    assert [c["value"] for c in deal.contributions] == ["gleb-string"]
    deal = play_deal_as_people(deal, players[:3])
    client = Client()
    client.force_login(players[3], backend="django.contrib.auth.backends.ModelBackend")
    record = json.loads(client.get(f"/deals/{deal.pk}/export.json").content)
    assert record["deals"][-1]["_fair"]["contributions"] == ["gleb-string"]
    assert record["deals"][-1]["_fair"]["contributors"] == [1]
    output, status = verify_scenario(record)
    assert status == 0 and output["ok"], output
