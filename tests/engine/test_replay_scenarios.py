"""Every hand-checked scenario file in tests/engine/scenarios/ replays to its "expect" exactly.

Each file carries the input of rules/SCENARIOS.md, an "expect" key with the output worked out by
hand from RULES.md (the arithmetic is in its "_comment"), and nothing else. An expected error may
leave out "message" (the wording is the engine's); then only its presence is checked.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.engine.replay import run_scenario
from games.engine.rules import PRESETS

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.json"))
PRESETS_COVERED = tuple(PRESETS)


def _expected_status(expect: dict[str, Any]) -> int:
    return 0 if expect["error"] is None else 1


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_file(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    expect = data["expect"]
    output, status = run_scenario(data)
    assert status == _expected_status(expect), output.get("error")
    if expect["error"] is not None and "message" not in expect["error"]:
        error = dict(output["error"])
        message = error.pop("message")
        assert isinstance(message, str) and message.strip()
        output = {**output, "error": error}
    # Compare deal by deal first, so a failure names the deal that went wrong.
    for i, (got, want) in enumerate(zip(output["deals"], expect["deals"], strict=False)):
        assert got == want, f"deal {i}"
    assert output == expect


def test_every_preset_has_three_deals() -> None:
    deals: dict[str, int] = {}
    for path in FILES:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["expect"]["error"] is None:
            deals[data["preset"]] = deals.get(data["preset"], 0) + len(data["deals"])
    for preset in PRESETS_COVERED:
        assert deals.get(preset, 0) >= 3, preset


def test_worked_example_matches_scenarios_md() -> None:
    """The worked example is copied from docs/rules/SCENARIOS.md; check the copy against the document
    (and the document against the project's shared rule book, where a checkout has it beside it)."""
    root = Path(__file__).resolve().parents[2]
    doc = root / "docs" / "rules" / "SCENARIOS.md"
    shared = root.parent / "shared" / "rules" / "SCENARIOS.md"
    if shared.exists():
        assert doc.read_text(encoding="utf-8") == shared.read_text(encoding="utf-8"), "docs/ copy is stale"
    text = doc.read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```json")[1:]]
    example_in = json.loads(blocks[2])
    example_out = json.loads(blocks[1])
    data = json.loads((SCENARIOS / "classic_example.json").read_text(encoding="utf-8"))
    assert {k: v for k, v in data.items() if k not in ("expect", "_comment")} == example_in
    assert data["expect"] == example_out
    assert run_scenario(example_in) == (example_out, 0)
