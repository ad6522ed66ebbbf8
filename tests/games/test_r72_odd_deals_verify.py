"""Review 72: the deals the rules end oddly pass the fairness check with their results replayed,
and their replays walk through every step: a lone snorer who takes every trick without play, and a
Frap round whose antes leave one player (dealt again), with the deal after it."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.utils import timezone

from games import history
from games.engine.verify import verify_scenario
from games.services import table_sit

from .conftest import play_deal_as_people, start_deal
from .test_review62_lone_snorer_log import _one_snores_and_the_others_pass
from .test_review62_round_ante_log import _everybody_passes_until_the_redeal


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _verifies(deal) -> dict:
    scenario = json.loads(history.export_text(history.deal_export_or_record(deal)))
    output, status = verify_scenario(scenario)
    assert status == 0, output
    assert all(d["result_ok"] is True for d in output["deals"]), output
    return scenario


def _every_step(client: Client, deal) -> None:
    for step in range(deal.seq + 1):
        assert client.get(f"/deals/{deal.pk}/replay/", {"step": step}).status_code == 200, step


@pytest.mark.parametrize("preset", ["classic", "frap"])
def test_a_lone_snorer_verifies(preset, make_table, players):
    table = make_table(preset=preset, seats=3, turn_seconds=600)
    from .conftest import sit_all

    sit_all(table, players[:3])
    deal, _live = _one_snores_and_the_others_pass(table)
    scenario = _verifies(deal)
    assert scenario["deals"][-1]["_result"]["tricks"].count(4) == 1
    _every_step(_client(players[0]), deal)


def test_a_round_whose_antes_leave_one_player_and_the_deal_after_verify(make_table, players):
    table = make_table(preset="frap", seats=3, stake=40, buy_in_min=100, buy_in_max=500, turn_seconds=600)
    for position, (user, buy_in) in enumerate(zip(players[:3], (100, 100, 200), strict=True)):
        table_sit(session_id=table.pk, user=user, position=position, buy_in=buy_in)
    voided, _live = _everybody_passes_until_the_redeal(table, players)
    assert voided.result == "redeal"
    scenario = _verifies(voided)
    assert scenario["deals"][-1]["_result"]["statuses"].count("out") == 2
    _every_step(_client(players[1]), voided)
    from games.models import TableSession
    from games.services import dealing, tables_tick

    # The first tick finds two players unable to ante and gives the bank back; the next one deals.
    tables_tick(timezone.now())
    TableSession.objects.filter(pk=table.pk).update(next_deal_at=timezone.now())
    nxt = start_deal(table)

    people = [s.member.user for s in dealing.deal_players(nxt)]
    nxt = play_deal_as_people(nxt, people)
    _verifies(nxt)
    _every_step(_client(players[2]), nxt)
