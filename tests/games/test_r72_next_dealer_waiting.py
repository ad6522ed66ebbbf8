"""Review 72: a deal that left out a player waiting for an empty bank, where the deal passes next to
him (clockwise presets): its exported result named him as the next dealer, a seat the file does not
have, and the verifier called the honest file malformed. The file's next dealer is the first of its
seats clockwise from him, the one the replay names."""

from __future__ import annotations

import json

import pytest

from club.models import Membership
from games import history
from games.engine.verify import verify_scenario
from games.models import Deal
from games.services import dealing, table_sit

from .conftest import play_deal_as_people, sit_all, start_deal
from .test_review_replay import _everybody_passes


@pytest.mark.parametrize("preset", ["moryak", "bulgarian36"])
def test_a_deal_passing_to_a_waiting_player_verifies(preset, make_table, players):
    table = make_table(preset=preset, seats=4, turn_seconds=600)
    sit_all(table, players[:3], buy_in=500)
    seen = 0
    for _attempt in range(40):
        if seen:
            break
        if not dealing.deal_running(table):
            deal = start_deal(table)
        deal = Deal.objects.filter(session=table, finished_at__isnull=True).first()
        if not Deal.objects.filter(session=table, finished_at__isnull=False).exists():
            # Everybody passes the first deal: its antes stay in the bank, and the fourth player,
            # sitting down now, waits for an empty bank.
            _everybody_passes(table, deal)
            table_sit(session_id=table.pk, user=players[3], position=3, buy_in=500)
            continue
        people = [Membership.objects.get(pk=s.member_id).user for s in dealing.deal_players(deal)]
        deal = play_deal_as_people(deal, people)
        state = dealing.deal_state(deal)
        dropped = history._excluded_waiting(state)
        if not dropped:
            continue
        scenario = json.loads(history.export_text(history.deal_export_or_record(deal)))
        if "stacks" not in scenario:
            continue
        output, status = verify_scenario(scenario)
        assert status == 0, (deal.outcome, scenario["deals"][-1]["_result"], output)
        assert all(d["result_ok"] is True for d in output["deals"]), output
        seen += deal.outcome["next_dealer"] in dropped
    assert seen, "no deal passed to the waiting player"
