"""A deal dealt again after everybody passed (RULES.md 4.7) antes as a redeal. When a player left
between the voided deal and it, the export cannot play the voided deal first (other players), so it
exported the deal as an ordinary one: ``python -m games.engine.replay`` then anted again and came to
another bank, other payouts and other stacks than the deal's page. The scenario now says
``"redeal": true`` and the replay antes as the deal did."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games import history
from games.engine.replay import run_scenario
from games.services import dealing, table_leave

from .conftest import play_deal_as_people, sit_all, start_deal
from .test_review_replay import _everybody_passes


def _redeal_after_a_player_left(make_table, players):
    table = make_table(seats=3, turn_seconds=600)
    sit_all(table, players[:3])
    voided = _everybody_passes(table, start_deal(table))
    assert voided.result == "redeal"
    table_leave(session_id=table.pk, user=players[2])
    deal = start_deal(table)
    assert dealing.deal_state(deal).setup.redeal and len(deal.players) == 2
    return table, play_deal_as_people(deal, players[:2])


def _same_outcome(scenario: dict, outcome: dict) -> None:
    output, status = run_scenario(scenario)
    assert status == 0 and output["error"] is None, output
    last = output["deals"][-1]
    for key in ("result", "statuses", "tricks", "payouts", "penalties", "bank", "next_dealer"):
        assert last[key] == outcome[key], (key, last[key], outcome[key])
    assert output["stacks"] == outcome["stacks"]


def test_the_export_of_a_redeal_after_a_player_left_replays_to_the_deal(make_table, players) -> None:
    _table, deal = _redeal_after_a_player_left(make_table, players)
    deal.refresh_from_db()
    scenario = history.deal_export(deal)
    assert scenario["redeal"] is True
    _same_outcome(json.loads(history.export_text(scenario)), deal.outcome)


def test_the_tables_export_says_so_too(client, make_table, players) -> None:
    table, deal = _redeal_after_a_player_left(make_table, players)
    deal.refresh_from_db()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    response = client.get(reverse("session_export", args=[table.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    import io
    import zipfile

    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        parts = [json.loads(archive.read(name)) for name in sorted(archive.namelist())]
    assert [p.get("redeal", False) for p in parts] == [False, True]
    _same_outcome(parts[-1], deal.outcome)


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_redeal_must_be_true_or_false(value) -> None:
    scenario = {"preset": "classic", "stake": 5, "stacks": [100, 100], "dealer": 0, "redeal": value}
    scenario["deals"] = []
    output, status = run_scenario(scenario)
    assert status == 2 and "redeal" in output["error"]["message"]
