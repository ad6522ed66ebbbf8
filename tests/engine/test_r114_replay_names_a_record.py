"""Review 114: a deal's fairness record (the site's file of a deal no scenario can say) given to
python -m games.engine.replay was refused with "scenario: missing key 'stake'", as a broken scenario
file: the refusal says what the file is, and which command checks it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.engine import replay
from games.engine.fairness import deck_seed
from games.engine.rules import PRESETS
from games.engine.shuffle import commitment, shuffled_deck


def _record() -> dict:
    """A fairness record as ``games.history.deal_fairness_record`` writes it: no stake, stacks, bank
    or dealer, one deal with its ``_fair``."""
    seed = bytes(range(32))
    rules = PRESETS["frap"]
    deck = list(shuffled_deck(deck_seed(seed, []), rules.deck_for(5)))
    hands = [sorted(deck[j : 4 * rules.hand_size : 4]) for j in range(4)] + [None]
    fair = {"commitment": commitment(seed), "seed": seed.hex(), "contributions": [], "dealt": [0, 1, 2, 3]}
    return {
        "_comment": "frap table, deal 2: its fairness record, exported by Khrap Club.",
        "preset": "frap",
        "rules": {},
        "deals": [{"deck": deck, "actions": [], "_deal": {"number": 2}, "_fair": {**fair, "hands": hands}}],
    }


def test_a_record_is_named_as_such(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(_record()), encoding="utf-8")
    assert replay.main([str(path)]) == 2
    err = capsys.readouterr().err
    assert "missing key" not in err
    assert "fairness record" in err and "games.engine.verify" in err


def test_a_scenario_without_its_stake_is_still_told_so() -> None:
    data = _record()
    del data["deals"][0]["_fair"]
    data.update(stacks=[100] * 5, dealer=0)
    output, status = replay.run_scenario(data)
    assert status == 2 and output["error"]["message"] == "scenario: missing key 'stake'"
