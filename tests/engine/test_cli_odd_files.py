"""The replay and verify commands given odd files: a clear sentence on stderr and exit status 2,
never "internal error" (a bug's last resort) and never a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games.engine import replay, verify
from games.engine.fairness import deck_seed
from games.engine.rules import PRESETS
from games.engine.shuffle import commitment, shuffled_deck


def _fair_file() -> dict[str, Any]:
    """A four-seat classic deal with a correct fairness record."""
    seed = bytes(32)
    rules = PRESETS["classic"]
    deck = list(shuffled_deck(deck_seed(seed, []), rules.deck_for(4)))
    hands = [sorted(deck[j : 4 * rules.hand_size : 4]) for j in range(4)]
    fair = {"commitment": commitment(seed), "seed": seed.hex(), "contributions": [], "dealt": [0, 1, 2, 3]}
    return {
        "preset": "classic",
        "stake": 5,
        "stacks": [100] * 4,
        "dealer": 3,  # dealt from his left: 0, 1, 2, then the dealer (RULES.md 4.1)
        "deals": [{"deck": deck, "actions": [], "_deal": {"number": 2}, "_fair": {**fair, "hands": hands}}],
    }


def _run(command: Any, text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path = tmp_path / "odd.json"
    path.write_text(text, encoding="utf-8")
    status = command.main([str(path)])
    err = capsys.readouterr().err
    return status, err


def test_the_fair_file_passes(tmp_path, capsys) -> None:
    import json

    status, err = _run(verify, json.dumps(_fair_file()), tmp_path, capsys)
    assert status == 0 and err == ""


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda d: d["deals"][0]["_fair"]["hands"].__setitem__(0, 5), id="hand-not-a-list"),
        pytest.param(lambda d: d["deals"][0]["_fair"]["hands"].__setitem__(0, [1, "AS"]), id="hand-mixed"),
        pytest.param(lambda d: d.update(preset={"a": 1}), id="preset-object"),
        pytest.param(lambda d: d.update(preset=["classic"]), id="preset-list"),
        pytest.param(lambda d: d.update(rules="hand_size"), id="rules-string"),
    ],
)
def test_verify_says_what_is_wrong(change, tmp_path, capsys) -> None:
    import json

    data = _fair_file()
    change(data)
    status, err = _run(verify, json.dumps(data), tmp_path, capsys)
    assert status == 2
    assert err.startswith("verify: ") and "internal error" not in err and "Traceback" not in err


@pytest.mark.parametrize("command", [replay, verify], ids=["replay", "verify"])
def test_a_number_too_long_to_read_is_a_malformed_file(command, tmp_path, capsys) -> None:
    status, err = _run(command, '{"preset": "classic", "stake": ' + "9" * 5000 + "}", tmp_path, capsys)
    assert status == 2
    assert "internal error" not in err and "Traceback" not in err
