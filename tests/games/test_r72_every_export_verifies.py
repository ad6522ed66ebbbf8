"""Review 72: every deal a table plays, of every preset, and its table's export, pass the fairness
check with their results replayed (redeals, lone snorers settled at once, rounds whose antes leave
one player among them, as the bots come to them)."""

from __future__ import annotations

import io
import json
import zipfile
from collections import Counter

import pytest
from django.test import Client

from games.engine.verify import verify_scenario
from games.models import Deal

from .conftest import play_deal_as_people, sit_all, start_deal
from .test_review_replay import _everybody_passes

PRESETS = ["classic", "moryak", "bulgarian36", "zone52", "student", "frap", "khrap5", "named5"]


def _checked(scenario: dict) -> list[dict]:
    output, status = verify_scenario(json.loads(json.dumps(scenario)))
    assert status == 0, output
    assert all(d["result_ok"] is True for d in output["deals"]), output
    return output["deals"]


@pytest.mark.parametrize("preset", PRESETS)
def test_each_deal_and_the_table_verify_with_their_results(preset, make_table, players):
    seats = 3 if preset == "student" else 4
    people = players[:seats]
    table = make_table(preset=preset, seats=seats, turn_seconds=600)
    sit_all(table, people, buy_in=500)
    client = Client()
    client.force_login(people[0], backend="django.contrib.auth.backends.ModelBackend")
    results: Counter[str] = Counter()
    for number in range(6):
        deal = start_deal(table)
        deal = _everybody_passes(table, deal) if number == 1 else play_deal_as_people(deal, people)
        results[deal.result] += 1
        response = client.get(f"/deals/{deal.pk}/export.json")
        assert response.status_code == 200
        _checked(json.loads(response.content))
    assert Deal.objects.filter(session=table, finished_at__isnull=False).count() == 6
    response = client.get(f"/tables/{table.pk}/export.json")
    assert response.status_code == 200
    if response["Content-Type"] == "application/zip":
        with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
            parts = [json.loads(archive.read(name)) for name in archive.namelist()]
    else:
        parts = [json.loads(response.content)]
    assert sum(len(_checked(part)) for part in parts) == 6, results


def test_a_table_with_a_player_waiting_for_an_empty_bank_verifies(make_table, players):
    """The export leaves out a seat that waited for an empty bank: the recorded result is cut to
    the seats the file has, the next dealer renumbered as its dealer is."""
    from club.models import Membership
    from games.services import dealing, table_sit

    table = make_table(preset="classic", seats=4, turn_seconds=600)
    sit_all(table, players[:3], buy_in=500)
    assert _everybody_passes(table, start_deal(table)).result == "redeal"
    table_sit(session_id=table.pk, user=players[3], position=3, buy_in=500)
    waited = 0
    for _ in range(100):
        deal = start_deal(table)
        setup = dealing.deal_state(deal).setup
        waited += bool(setup.waiting and len(setup.dealt) < setup.seats)
        people = [Membership.objects.get(pk=s.member_id).user for s in dealing.deal_players(deal)]
        deal = play_deal_as_people(deal, people)
        if waited and len(setup.dealt) == 4:
            break
    assert waited, "nobody waited"
    for deal in Deal.objects.filter(session=table, finished_at__isnull=False):
        from games import history

        scenario = history.deal_export_or_record(deal)
        output, status = verify_scenario(json.loads(json.dumps(scenario)))
        assert status == 0, (deal.pk, output)
        expected = True if "stacks" in scenario else None
        assert all(d["result_ok"] is expected for d in output["deals"]), (deal.pk, output)
