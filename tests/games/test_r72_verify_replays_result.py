"""Review 72: the fairness check replays the moves and holds the recorded result to them.

A deal's export carried its deck, its seed and its moves, but not the result the site booked (who
won what, the bank after it): ``games.engine.verify`` checked the shuffle and that the moves could be
played, and a player could not learn from it that the payouts the deal page showed him follow from
those moves. The export now records each deal's result (``_result``, the deal page's numbers) and the
verifier replays the moves and compares."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

from django.test import Client

from games.engine.verify import verify_scenario

from .conftest import play_deal_as_people, sit_all, start_deal

ROOT = Path(__file__).resolve().parents[2]


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _played_export(make_table, players) -> tuple[dict, object]:
    table = make_table(turn_seconds=600)
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    response = _client(players[0]).get(f"/deals/{deal.pk}/export.json")
    assert response.status_code == 200
    return json.loads(response.content), deal


def test_the_export_records_the_result_the_site_booked(make_table, players):
    scenario, deal = _played_export(make_table, players)
    deal.refresh_from_db()
    recorded = scenario["deals"][-1]["_result"]
    for key in ("result", "statuses", "tricks", "payouts", "penalties", "bank", "next_dealer", "stacks"):
        assert recorded[key] == deal.outcome[key], key


def test_an_honest_export_passes_with_its_result_replayed(make_table, players):
    scenario, _deal = _played_export(make_table, players)
    output, status = verify_scenario(scenario)
    assert status == 0, output
    assert output["deals"][-1]["result_ok"] is True


def test_a_result_the_moves_do_not_give_is_not_fair(make_table, players):
    scenario, _deal = _played_export(make_table, players)
    forged = copy.deepcopy(scenario)
    result = forged["deals"][-1]["_result"]
    # The club books ten chips more to seat 0 and ten fewer to seat 1: the cards and moves untouched.
    result["stacks"][0] += 10
    result["stacks"][1] -= 10
    result["payouts"][0] += 10
    output, status = verify_scenario(forged)
    assert status == 1
    last = output["deals"][-1]
    assert last["result_ok"] is False
    assert any("result" in p and "payouts" in p for p in last["problems"]), last["problems"]
    # As a player runs it.
    done = subprocess.run(
        [sys.executable, "-m", "games.engine.verify", "-"],
        input=json.dumps(forged),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert '"result_ok": false' in done.stdout


def test_a_result_of_the_wrong_shape_is_a_malformed_file(make_table, players):
    scenario, _deal = _played_export(make_table, players)
    for bad in ("12", [1, 2], {"payouts": "many"}, {"stacks": [1, 2, 3]}, {"bank": True}):
        forged = copy.deepcopy(scenario)
        forged["deals"][-1]["_result"] = bad
        done = subprocess.run(
            [sys.executable, "-m", "games.engine.verify", "-"],
            input=json.dumps(forged),
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
        assert done.returncode == 2, (bad, done.stdout, done.stderr)
        assert "_result" in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_a_file_without_recorded_results_still_checks_its_cards(make_table, players):
    """Files exported before the results were recorded: the cards are checked, the result is not
    claimed checked."""
    scenario, _deal = _played_export(make_table, players)
    for deal in scenario["deals"]:
        del deal["_result"]
    output, status = verify_scenario(scenario)
    assert status == 0, output
    assert output["deals"][-1]["result_ok"] is None


def test_the_fairness_page_says_what_each_check_covers(client, players):
    """The browser checks the cards only; the page named the command beside it and no more, so a
    player who read "Fair" did not learn that his payouts can be checked too, nor where."""
    from django.utils import translation

    wanted = (("en", "replays the moves"), ("ru", "переигрывает ходы"), ("bg", "преиграва ходовете"))
    for language, words in wanted:
        with translation.override(language):
            page = client.get("/fairness/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert words in page, language


def test_moves_cut_short_do_not_reach_the_recorded_result(make_table, players):
    scenario, _deal = _played_export(make_table, players)
    forged = copy.deepcopy(scenario)
    forged["deals"][-1]["actions"] = forged["deals"][-1]["actions"][:-1]
    output, status = verify_scenario(forged)
    assert status == 1
    last = output["deals"][-1]
    assert last["result_ok"] is False
    assert any("do not finish" in p for p in last["problems"]), last["problems"]
