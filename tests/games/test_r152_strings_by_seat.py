"""Review 152: the players' strings are bound to their seats.

The deck is the shuffle of the seed mixed with the players' strings in seat order, and the export
(``_fair.contributions``) and the Fairness page listed the strings alone: the page only checked that
the reader's string was somewhere among them, so a server could reorder them or add one for a bot or
for a seat that sent none, and no check noticed. The export now names each string's seat
(``_fair.contributors``) and the bots' seats (``_fair.bots``); the page shows each string beside its
seat and player, and holds the reader's string to his own seat. A deal mixes in the strings of its
own seats only: a string sent from a seat that went away before the deal has no seat of the deal.
"""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.engine import observe
from games.engine.bots import BasicBot
from games.engine.verify import verify_scenario
from games.models import Deal
from games.services import (
    dealing,
    seed_contribute,
    table_act,
    table_away,
    table_bot_add,
    table_sit,
    tables_tick,
)

from .conftest import sit_all, start_deal


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()


def _finish(deal: Deal) -> Deal:
    """People move through ``table_act`` (as a basic bot would), bots by the clock."""
    at = timezone.now()
    for _ in range(400):
        deal.refresh_from_db()
        if deal.is_over:
            return deal
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        holder = dealing.deal_players(deal)[seat]
        if holder.is_bot:
            at += timedelta(seconds=60)
            tables_tick(at)
            continue
        action = BasicBot(seed=deal.seq).choose(observe(state, seat))
        table_act(session_id=deal.session_id, user=holder.member.user, action=action, expected_seq=deal.seq)
    raise AssertionError("the deal did not end")


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _deal_with_a_bot(make_table, players, owner) -> Deal:
    """Vera at 0, a bot at 1, Gleb at 2, Dasha at 3; Vera and Dasha send strings, Gleb none."""
    vera, gleb, dasha = players[:3]
    table = make_table(turn_seconds=600)
    table_sit(session_id=table.pk, user=vera, position=0, buy_in=200)
    table_bot_add(session_id=table.pk, actor=owner, position=1, buy_in=200)
    table_sit(session_id=table.pk, user=gleb, position=2, buy_in=200)
    table_sit(session_id=table.pk, user=dasha, position=3, buy_in=200)
    seed_contribute(session_id=table.pk, user=dasha, value="dasha-string")
    seed_contribute(session_id=table.pk, user=vera, value="vera-string")
    return _finish(start_deal(table))


def test_the_export_names_each_strings_seat_and_the_bots(make_table, players, owner):
    deal = _deal_with_a_bot(make_table, players, owner)
    record = json.loads(_client(players[0]).get(f"/deals/{deal.pk}/export.json").content)
    fair = record["deals"][-1]["_fair"]
    assert fair["contributions"] == ["vera-string", "dasha-string"]
    assert fair["contributors"] == [0, 3]
    assert fair["bots"] == [1]
    output, status = verify_scenario(record)
    assert status == 0, output
    assert output["deals"][-1]["strings"] == [
        {"seat": 0, "string": "vera-string"},
        {"seat": 3, "string": "dasha-string"},
    ]
    # The server's reordering (Dasha's string first), or a string of its own for the bot, is refused.
    forged = json.loads(json.dumps(record))
    forged["deals"][-1]["_fair"]["contributors"] = [3, 0]
    assert verify_scenario(forged)[1] == 1
    forged["deals"][-1]["_fair"]["contributors"] = [0, 1]
    output, status = verify_scenario(forged)
    assert status == 1
    assert "seat 1 is a bot's and carries a string: a bot sends none" in output["deals"][-1]["problems"]


def test_the_fairness_page_shows_each_string_at_its_seat(make_table, players, owner):
    deal = _deal_with_a_bot(make_table, players, owner)
    page = _client(players[2]).get(f"/fairness/?deal={deal.pk}")  # Dasha's
    assert page.status_code == 200
    rows = page.context["strings"]["rows"]
    assert [(r["seat"], r["name"], r["string"], r["mine"]) for r in rows] == [
        (0, "Vera", "vera-string", False),
        (3, "Dasha", "dasha-string", True),
    ]
    html = page.content.decode()
    assert 'id="strings-by-seat"' in html
    assert f'data-my-deal="{deal.pk}" data-my-seat="3"' in html
    # The table's seat number, from 1 (review 157): the file's seat 3 is the table's seat 4.
    assert "<td>4</td><td>Dasha (you)</td><td><code>dasha-string</code></td>" in html
    gleb = _client(players[1]).get(f"/fairness/?deal={deal.pk}").content.decode()
    assert f'data-my-deal="{deal.pk}" data-my-seat="2"' in gleb


def test_a_string_from_a_seat_away_from_the_deal_is_not_mixed_in(make_table, players):
    table = make_table(turn_seconds=600)
    sit_all(table, players)
    seed_contribute(session_id=table.pk, user=players[1], value="gleb-string")
    seed_contribute(session_id=table.pk, user=players[3], value="ivan-string")
    table_away(session_id=table.pk, user=players[3])
    deal = start_deal(table)
    assert len(deal.players) == 3  # Ivan sits this deal out, and no seat of it is his
    assert [c["value"] for c in deal.contributions] == ["gleb-string"]
    deal = _finish(deal)
    record = json.loads(_client(players[3]).get(f"/deals/{deal.pk}/export.json").content)
    fair = record["deals"][-1]["_fair"]
    assert (fair["contributions"], fair["contributors"], fair["bots"]) == (["gleb-string"], [1], [])
    assert verify_scenario(record)[1] == 0
    # His page knows he had no seat in it: it says so, rather than that his string was left out.
    html = _client(players[3]).get(f"/fairness/?deal={deal.pk}").content.decode()
    assert f'data-my-deal="{deal.pk}" data-my-seat=""' in html


def test_a_waiting_seats_string_makes_the_deals_file_its_fairness_record(make_table, players):
    """A scenario leaves out a seat waiting for an empty bank, and so could not name the seat of its
    string: the deal's file is its fairness record, which keeps every seat."""
    from games import history

    from .test_review_replay import _everybody_passes

    vera, gleb, dasha, ivan = players
    table = make_table(turn_seconds=600)
    sit_all(table, [vera, gleb, dasha])
    assert _everybody_passes(table, start_deal(table)).result == "redeal"  # the antes stay in the bank
    table_sit(session_id=table.pk, user=ivan, position=3, buy_in=200)
    seed_contribute(session_id=table.pk, user=ivan, value="ivan-string")
    deal = start_deal(table)
    state = dealing.deal_state(deal)
    assert 3 not in state.setup.dealt  # he waits for an empty bank
    assert history.scenario_can_say(state)  # his seat alone would not stop a scenario
    deal = _finish(deal)
    assert not history.scenario_can_say(state, deal)
    record = json.loads(_client(vera).get(f"/deals/{deal.pk}/export.json").content)
    assert "stacks" not in record  # the fairness record
    fair = record["deals"][-1]["_fair"]
    assert (fair["contributions"], fair["contributors"]) == (["ivan-string"], [3])
    assert verify_scenario(record)[1] == 0


def test_a_deal_stored_before_names_no_seats_and_verifies_as_before(make_table, players, owner):
    """A deal stored its strings by position alone, which a seat's later holder shares: its record
    names no seats (not a guess), and it verifies as it did, saying its seats were not checked."""
    deal = _deal_with_a_bot(make_table, players, owner)
    Deal.objects.filter(pk=deal.pk).update(
        contributions=[{"position": c["position"], "value": c["value"]} for c in deal.contributions]
    )
    record = json.loads(_client(players[0]).get(f"/deals/{deal.pk}/export.json").content)
    fair = record["deals"][-1]["_fair"]
    assert fair["contributions"] == ["vera-string", "dasha-string"] and "contributors" not in fair
    output, status = verify_scenario(record)
    assert status == 0 and output["deals"][-1]["seats_checked"] is False, output
    html = _client(players[0]).get(f"/fairness/?deal={deal.pk}").content.decode()
    assert 'id="strings-by-seat"' not in html
    assert "does not name the strings’ seats" in html


def test_the_tables_count_of_strings_leaves_out_a_seat_away_from_the_next_deal(make_table, players):
    """The table said "2 players have added randomness" while the away player's string would not be
    mixed in: it counts the strings of the seats the next deal is made for."""
    from games.selectors import table_latest, table_public_parts

    table = make_table(turn_seconds=600)
    sit_all(table, players)
    seed_contribute(session_id=table.pk, user=players[1], value="gleb-string")
    seed_contribute(session_id=table.pk, user=players[3], value="ivan-string")

    def counted() -> list[int]:
        session, deal = table_latest(session_id=table.pk)
        return table_public_parts(session, deal)[0]["pending"]["contributed"]

    assert counted() == [1, 3]
    table_away(session_id=table.pk, user=players[3])
    assert counted() == [1]


def test_a_string_given_before_sitting_down_again_counts_at_the_new_seat(make_table, players):
    """A string is its player's (one a player): Vera gave hers, stood up and sat down at another seat
    before the deal. Bound to the seat she had left, it was not mixed in, and she could not give
    another ("already_contributed")."""
    table = make_table(turn_seconds=600)
    sit_all(table, players[:3])
    seed_contribute(session_id=table.pk, user=players[0], value="vera-string")
    from games.services import table_leave

    assert table_leave(session_id=table.pk, user=players[0])
    table_sit(session_id=table.pk, user=players[0], position=3, buy_in=200)
    deal = start_deal(table)
    positions = {s: i for i, s in enumerate(deal.players)}
    [given] = deal.contributions
    assert given["value"] == "vera-string" and given["position"] == 3
    assert given["seat"] in positions
