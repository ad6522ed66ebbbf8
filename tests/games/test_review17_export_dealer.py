"""A deal's file names the seat its hands went round from, and the verifier holds the hands to it
(review 17): a file whose hands went to the seats out of turn (the first hand to a seat of the
server's choosing) was called fair, as ``_fair.dealt`` was read as the order and never checked."""

from __future__ import annotations

import copy

from games import history
from games.engine.verify import verify_scenario
from games.models import Deal

from .conftest import play_deal_as_people, sit_all, start_deal


def _out_of_turn(scenario: dict, k: int = 0) -> dict:
    """The same deal, with the hands gone round one seat later than the dealer's left: each seat
    recorded with the hand its neighbour was dealt."""
    data = copy.deepcopy(scenario)
    fair = data["deals"][k]["_fair"]
    dealt = fair["dealt"]
    turned = dealt[1:] + dealt[:1]
    hands = list(fair["hands"])
    for was, now in zip(dealt, turned, strict=True):
        hands[now] = fair["hands"][was]
    fair["dealt"], fair["hands"] = turned, hands
    return data


def test_every_deal_of_a_tables_file_names_its_dealer_and_verifies(make_table, players):
    table = make_table()
    sit_all(table, players)
    for _ in range(3):
        play_deal_as_people(start_deal(table), players)
    runs = history.session_export(table)
    for run in runs:
        for deal in run["deals"]:
            assert deal["_fair"]["dealer"] == deal["_fair"]["dealt"][-1]  # everyone dealt in
        assert verify_scenario(copy.deepcopy(run))[0]["ok"]
    last = len(runs[0]["deals"]) - 1
    result, status = verify_scenario(_out_of_turn(runs[0], last))
    assert status == 1 and result["deals"][last]["hands_ok"] is False


def test_a_deal_whose_hands_went_round_out_of_turn_is_not_fair(make_table, players):
    table = make_table()
    sit_all(table, players)
    play_deal_as_people(start_deal(table), players)
    scenario = history.deal_export(Deal.objects.get(session=table))
    assert verify_scenario(copy.deepcopy(scenario))[0]["ok"]
    # Still a consistent record (each hand is the deck's j-th for the j-th seat of 'dealt'), but
    # not the order RULES.md 4.1 deals in from this dealer.
    result, status = verify_scenario(_out_of_turn(scenario))
    assert status == 1 and result["deals"][0]["hands_ok"] is False
    assert result["deals"][0]["commitment_ok"] and result["deals"][0]["deck_ok"]


def test_a_later_deal_whose_record_names_another_dealer_is_not_fair(make_table, players):
    """A deal after the first names its dealer in its record only: a record that names another
    dealer and deals from his left (each hand consistent with the order it gives) is refused by the
    command, which plays the file and deals each deal from the dealer the rules give it."""
    table = make_table()
    sit_all(table, players)
    for _ in range(3):
        play_deal_as_people(start_deal(table), players)
    run = next(run for run in history.session_export(table) if len(run["deals"]) > 1)
    last = len(run["deals"]) - 1
    data = _out_of_turn(run, last)
    fair = data["deals"][last]["_fair"]
    fair["dealer"] = fair["dealt"][-1]  # the record's own word, consistent with its order
    result, status = verify_scenario(data)
    assert status == 1 and result["deals"][last]["hands_ok"] is False
    assert any("replay" in p for p in result["deals"][last]["problems"])
