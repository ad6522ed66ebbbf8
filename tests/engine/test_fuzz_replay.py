"""Fuzzing the replay CLI: whatever the file says, the answer is exit 0, 1 or 2 with a message,
never a traceback, and never the CLI's last-resort "internal error" (validation must be precise)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine.replay import main, run_scenario

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.json"))
BASES = [json.loads(p.read_text("utf-8")) for p in FILES]
ROOT = Path(__file__).resolve().parents[2]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=6) | st.sampled_from(["AS", "10H", "7S", "classic", "snore", "play", "deck"]),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(
        st.sampled_from(["preset", "rules", "stake", "stacks", "bank", "dealer", "deals", "deck", "actions",
                         "seat", "do", "cards", "card", "x"]), children, max_size=6),
    max_leaves=25,
)


def check(data: Any) -> tuple[dict[str, Any], int]:
    output, status = run_scenario(data)
    assert status in (0, 1, 2)
    if status == 2:
        assert output["error"]["code"] == "malformed"
        assert "internal error" not in output["error"]["message"]
    else:
        json.dumps(output)
        assert (output["error"] is None) == (status == 0)
        if status == 1:
            assert output["error"]["message"]
    return output, status


@settings(max_examples=300, deadline=None)
@given(data=json_values)
def test_random_json(data: Any) -> None:
    check(data)


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in ("expect", "_comment"):
                out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


REPLACEMENTS = st.sampled_from(
    [None, True, -1, 0, 10**30, -(10**30), 1.5, "", "XX", "AS", "7S", [], {}, [1, 2], {"do": "pass"},
     {"seat": 0, "do": "dance"}, ["AS", "AS"], ["ZZ"], "classic", "zone52"]
)


@st.composite
def mutated(draw: st.DrawFn) -> Any:
    data = copy.deepcopy(draw(st.sampled_from(BASES)))
    data.pop("expect", None)
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        how = draw(st.sampled_from(["drop", "replace", "dup", "swap"]))
        last = path[-1]
        if how == "drop":
            del parent[last]
        elif how == "replace":
            parent[last] = draw(REPLACEMENTS)
        elif how == "dup" and isinstance(parent, list):
            parent.insert(last, copy.deepcopy(parent[last]))
        elif isinstance(parent, list) and len(parent) > 1:
            j = draw(st.integers(0, len(parent) - 1))
            parent[last], parent[j] = parent[j], parent[last]
    return data


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=mutated())
def test_mutated_scenarios(data: Any) -> None:
    check(data)


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.update(stacks=[-5] * len(d["stacks"])),
        lambda d: d.update(stake=10**40),
        lambda d: d.update(bank=10**40),
        lambda d: d["deals"][0]["deck"].__setitem__(1, d["deals"][0]["deck"][0]),
        lambda d: d["deals"][0]["actions"].insert(0, {"seat": 0, "do": "teleport"}),
        lambda d: d["deals"][0]["actions"].insert(0, {"seat": 1, "do": "play", "card": 7}),
        lambda d: d["deals"][0]["actions"].insert(0, {"seat": 1, "do": "exchange", "cards": "AS"}),
        lambda d: d["deals"][0]["actions"].insert(0, {"seat": 1, "do": "wrap_swap", "position": 10**20}),
        lambda d: d["deals"][0]["actions"].insert(0, {"seat": 1, "do": "name_trump", "suit": "X"}),
        lambda d: d.update(rules={"hand_size": 10**9}),
        lambda d: d.update(rules={"deck": "big"}),
        lambda d: d.update(rules={"exchange_snorer": [3, 1]}),
        lambda d: d.update(rules={"min_players": 7}),
    ],
)
def test_targeted_mutations(mutate) -> None:
    data = copy.deepcopy(BASES[0])
    mutate(data)
    _, status = check(data)
    assert status in (1, 2)


DEEP = "{\"preset\": \"classic\", \"deals\": " + "[" * 5000


@pytest.mark.parametrize("text", ["\ufeff{}", "[" * 100_000, DEEP])
def test_pathological_text_through_main(text: str, tmp_path: Path, capsys) -> None:
    path = tmp_path / "f.json"
    path.write_text(text, encoding="utf-8")
    assert main([str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err


def test_binary_garbage_subprocess(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    proc = subprocess.run([sys.executable, "-m", "games.engine.replay", str(path)], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and proc.stdout == "" and "Traceback" not in proc.stderr
