"""Review 151: a deal's scenario file says the rules the deal was played by.

A table keeps the rules it opened with (``TableSession.rules``, preset and overrides fixed then), so
that a later change of a preset in the code does not change a table already playing. The export
wrote the preset's name and the manager's overrides alone: after such a change a member's file
replayed under the new preset (another deck, other payouts), or was refused as malformed, and the
hand history the site promises replays "to the same outcome" did not."""

from __future__ import annotations

import dataclasses
import json

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.engine.replay import run_scenario
from games.engine.rules import PRESETS

from .conftest import play_deal_as_people, sit_all, start_deal


@pytest.fixture(autouse=True)
def _no_zone() -> None:
    timezone.deactivate()


def _played(make_table, players):
    table = make_table(preset="classic", seats=3, turn_seconds=600)
    sit_all(table, players[:3])
    deal = play_deal_as_people(start_deal(table), players[:3])
    deal.refresh_from_db()
    return table, deal


def _exported(user, url: str) -> dict:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    response = client.get(url)
    assert response.status_code == 200
    return json.loads(response.content)


def _same_outcome(scenario: dict, outcome: dict) -> None:
    output, status = run_scenario(scenario)
    assert status == 0 and output["error"] is None, output
    last = output["deals"][-1]
    for key in ("result", "statuses", "tricks", "payouts", "penalties", "bank", "next_dealer"):
        assert last[key] == outcome[key], (key, last[key], outcome[key])
    assert output["stacks"] == outcome["stacks"]


def test_the_file_replays_after_the_preset_changed(make_table, players, monkeypatch) -> None:
    table, deal = _played(make_table, players)
    # The code's Classic changes after the deal (its deck, here): the table played the old one.
    monkeypatch.setitem(PRESETS, "classic", dataclasses.replace(PRESETS["classic"], deck=((5, 52),)))
    scenario = _exported(players[0], reverse("deal_export", args=[deal.pk]))
    _same_outcome(scenario, deal.outcome)
    table_file = _exported(players[1], reverse("session_export", args=[table.pk]))
    _same_outcome(table_file, deal.outcome)


def test_an_unchanged_preset_exports_the_managers_overrides_alone(make_table, players) -> None:
    _table, deal = _played(make_table, players)
    scenario = _exported(players[0], reverse("deal_export", args=[deal.pk]))
    assert scenario["preset"] == "classic" and scenario["rules"] == {}
    _same_outcome(scenario, deal.outcome)


def test_a_managers_overrides_are_kept(make_table, players) -> None:
    from games.engine.rules import rules_with_overrides

    table = make_table(preset="classic", seats=3, turn_seconds=600, overrides={"mourn": False, "deck": 36})
    sit_all(table, players[:3])
    deal = play_deal_as_people(start_deal(table), players[:3])
    deal.refresh_from_db()
    scenario = _exported(players[0], reverse("deal_export", args=[deal.pk]))
    assert scenario["rules"] == {"mourn": False, "deck": [[99, 36]]}
    assert rules_with_overrides("classic", scenario["rules"]).to_json() == table.rules
    _same_outcome(scenario, deal.outcome)
