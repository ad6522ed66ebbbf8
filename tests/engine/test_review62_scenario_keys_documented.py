"""SCENARIOS.md is the scenario file's spec, yet it named neither the top-level ``redeal`` the replay
reads (and the site's export writes for a deal dealt again after a voided deal it cannot hold), nor
that ``_comment``/``_fair`` (in every export) and ``expect`` are ignored while any other unknown or
repeated key makes the file malformed (review 62): someone editing an export by the book took
``redeal`` and ``_fair`` for keys to delete, and a misspelt key's exit 2 for a bug."""

from __future__ import annotations

import json
import re
from pathlib import Path

from games.engine.replay import _ACTION_KEYS, _DEAL_KEYS, _TOP_KEYS, run_scenario

ROOT = Path(__file__).resolve().parents[2]
SPEC = (ROOT / "docs" / "rules" / "SCENARIOS.md").read_text(encoding="utf-8")
INPUT = SPEC[SPEC.index("## Input") : SPEC.index("## Output")]
EXAMPLE = json.loads((ROOT / "tests/engine/scenarios/classic_example.json").read_text(encoding="utf-8"))


def test_every_key_the_replay_reads_is_named_in_the_input_section() -> None:
    named = set(re.findall(r"`\"?([a-z_]+)\"?`", INPUT)) | set(re.findall(r'"([a-z_]+)":', INPUT))
    read = _TOP_KEYS | _DEAL_KEYS | _ACTION_KEYS
    assert not read - named, sorted(read - named)


def test_the_ignored_and_the_refused_keys_are_said_and_hold() -> None:
    for words in ("`_comment`", "`_fair`", "`expect`", "exit 2"):
        assert words in INPUT, words
    data = {k: v for k, v in EXAMPLE.items() if k != "expect"}
    kept = {**data, "_comment": "x", "expect": {}, "deals": [{**data["deals"][0], "_fair": {}}]}
    assert run_scenario(kept)[1] == 0
    assert run_scenario({**data, "comment": "x"})[1] == 2
    # "redeal": true antes as a redeal does (RULES.md 4.7), though the bank holds chips: an unfinished
    # deal keeps its antes in the bank.
    carried = {**data, "bank": 40, "deals": [{**data["deals"][0], "actions": []}]}
    assert run_scenario(carried)[0]["bank"] == 40
    assert run_scenario({**carried, "redeal": True})[0]["bank"] == 60
