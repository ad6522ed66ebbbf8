"""The replay CLI (rules/SCENARIOS.md): exit statuses 0 / 1 / 2, stdout and stderr, no traceback."""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.engine.replay import main, run_scenario
from games.engine.shuffle import canonical_deck
from tests.engine.scenario_deck import build_deck, deal_order

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = Path(__file__).parent / "scenarios"


def example() -> dict[str, Any]:
    data = json.loads((SCENARIOS / "classic_example.json").read_text(encoding="utf-8"))
    expect = data.pop("expect")
    data.pop("_comment")
    return {"input": data, "expect": expect}


def run_main(data: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> tuple[int, str, str]:
    path = tmp_path / "s.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    code = main([str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_scenario_deck_rebuilds_worked_example() -> None:
    """The deck helper used to write the scenario files deals the example's hands back."""
    deck = build_deck(
        36, 4, 0,
        {1: ["AH", "KH", "AS", "6C"], 2: ["QH", "KS", "10D", "7C"],
         3: ["6D", "7D", "8S", "9C"], 0: ["JS", "8C", "6S", "7S"]},
        "7H", ["10H", "8H", "JC", "QC", "KC", "KD", "JH", "AD"],
    )
    assert deck[:25] == example()["input"]["deals"][0]["deck"][:25]
    assert deal_order(4, 0) == [1, 2, 3, 0]
    assert deal_order(4, 3, out=[1]) == [0, 2, 3]


def test_worked_example_cli_prints_exact_output(capsys, tmp_path) -> None:
    ex = example()
    code, out, err = run_main(ex["input"], capsys, tmp_path)
    assert code == 0, err
    assert json.loads(out) == ex["expect"]
    assert err == ""


def test_stdin(monkeypatch, capsys) -> None:
    ex = example()
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(ex["input"])))
    assert main(["-"]) == 0
    assert json.loads(capsys.readouterr().out) == ex["expect"]


def test_subprocess_module_entry_point() -> None:
    ex = example()
    proc = subprocess.run(
        [sys.executable, "-m", "games.engine.replay", "-"], input=json.dumps(ex["input"]),
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == ex["expect"]
    bad = subprocess.run(
        [sys.executable, "-m", "games.engine.replay", "-"], input="{not json",
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert len(bad.stderr.strip().splitlines()) == 1
    assert "Traceback" not in bad.stderr


def test_refused_action_reports_and_stops(capsys, tmp_path) -> None:
    data = example()["input"]
    data["deals"][0]["actions"][13] = {"seat": 2, "do": "play", "card": "AD"}
    code, out, _ = run_main(data, capsys, tmp_path)
    assert code == 1
    result = json.loads(out)
    assert result["error"]["deal"] == 0 and result["error"]["action"] == 13
    assert result["error"]["code"] == "illegal_action"
    assert result["error"]["message"]
    assert result["deals"] == [] and result["stacks"] == [95, 95, 95, 95] and result["bank"] == 20


@pytest.mark.parametrize(
    ("index", "action", "code"),
    [
        (0, {"seat": 2, "do": "snore"}, "not_your_turn"),
        (0, {"seat": 1, "do": "fly"}, "unknown_action"),
        (6, {"seat": 3, "do": "discard", "cards": ["AS"]}, "bad_cards"),
        (6, {"seat": 3, "do": "discard", "cards": ["ZZ"]}, "bad_cards"),
    ],
)
def test_error_codes(index: int, action: dict[str, Any], code: str) -> None:
    data = example()["input"]
    data["deals"][0]["actions"][index] = action
    output, status = run_scenario(data)
    assert status == 1
    assert output["error"]["code"] == code and output["error"]["action"] == index


def test_cannot_afford() -> None:
    data = example()["input"]
    data["stacks"] = [100, 30, 100, 100]  # after the ante seat 1 has 25 < 2 x 20
    output, status = run_scenario(data)
    assert status == 1
    assert output["error"] == {**output["error"], "deal": 0, "action": 0, "code": "cannot_afford"}


def test_action_after_the_deal_is_over() -> None:
    data = example()["input"]
    data["deals"][0]["actions"].append({"seat": 1, "do": "play", "card": "AS"})
    output, status = run_scenario(data)
    assert status == 1
    assert output["error"]["action"] == 21
    # The deal finished before the refused action: it keeps its entry, and the chips, bank and dealer
    # are those after it (review 38: its settled stacks used to stand beside no entry).
    assert len(output["deals"]) == 1 and output["deals"][0]["result"] == "played"
    assert output["dealer"] == output["deals"][0]["next_dealer"]


def test_unfinished_last_deal_is_dropped() -> None:
    data = example()["input"]
    data["deals"][0]["actions"] = data["deals"][0]["actions"][:5]  # holds: 40, 20, 20
    output, status = run_scenario(data)
    assert status == 0
    assert output == {"deals": [], "stacks": [95, 95, 95, 95], "bank": 20, "dealer": 0, "error": None}


def malformed_cases() -> list[tuple[str, Any]]:
    base = example()["input"]
    cases: list[tuple[str, Any]] = []

    def case(name: str, fn) -> None:
        d = copy.deepcopy(base)
        res = fn(d)
        cases.append((name, d if res is None else res))

    case("not an object", lambda d: [d])
    case("unknown preset", lambda d: d.update(preset="poker"))
    case("unknown rule", lambda d: d.update(rules={"wild_cards": True}))
    case("bad rule value", lambda d: d.update(rules={"next_dealer": "random"}))
    case("rules not a dict", lambda d: d.update(rules=[1]))
    case("misspelt key", lambda d: d.update(stack=d.pop("stacks")))
    case("missing deals", lambda d: d.pop("deals"))
    case("negative stack", lambda d: d.update(stacks=[100, -1, 100, 100]))
    case("bool stake", lambda d: d.update(stake=True))
    case("float bank", lambda d: d.update(bank=1.5))
    case("one seat", lambda d: d.update(stacks=[100]))
    case("six seats", lambda d: d.update(stacks=[100] * 6))
    case("dealer out of range", lambda d: d.update(dealer=4))
    case("deck short", lambda d: d["deals"][0]["deck"].pop())
    case("deck duplicate", lambda d: d["deals"][0]["deck"].__setitem__(0, "QH"))
    case("deck 52", lambda d: d["deals"][0].update(deck=list(canonical_deck(52))))
    case("seat out of range", lambda d: d["deals"][0]["actions"].__setitem__(0, {"seat": 4, "do": "pass"}))
    case("seat missing", lambda d: d["deals"][0]["actions"].__setitem__(0, {"do": "pass"}))
    case("do not a string", lambda d: d["deals"][0]["actions"].__setitem__(0, {"seat": 1, "do": 7}))
    case("deal not an object", lambda d: d.update(deals=[1]))
    case("too few can ante", lambda d: d.update(stacks=[4, 100, 4, 4]))
    case("unfinished then another", lambda d: d["deals"].insert(0, {"deck": d["deals"][0]["deck"],
                                                                   "actions": []}))
    return cases


@pytest.mark.parametrize(("name", "data"), malformed_cases(), ids=[n for n, _ in malformed_cases()])
def test_malformed_exit_2(name: str, data: Any, capsys, tmp_path) -> None:
    code, out, err = run_main(data, capsys, tmp_path)
    assert code == 2, out
    assert out == ""
    assert err.startswith("replay: ") and err.count("\n") == 1
    assert "Traceback" not in err


@pytest.mark.parametrize("text", ["", "{", "[1, 2", "null", "\"x\"", "{\"preset\": \"classic\"}", "1e999999"])
def test_bad_json_exit_2(text: str, capsys, tmp_path) -> None:
    code, out, err = run_main(text, capsys, tmp_path)
    assert code == 2 and out == "" and err.count("\n") == 1


def test_missing_file_and_usage(capsys, tmp_path) -> None:
    assert main([str(tmp_path / "nope.json")]) == 2
    assert main([]) == 2
    _, err = capsys.readouterr()
    assert "Traceback" not in err


def test_extra_keys_ignored_only_when_documented() -> None:
    data = example()["input"]
    data["_note"] = "anything"
    data["deals"][0]["_why"] = "anything"
    data["expect"] = {"whatever": 1}
    assert run_scenario(data)[1] == 0

