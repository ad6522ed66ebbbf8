"""The bench reports the bare loop beside the engine, from the same run (speed is not asserted)."""

from __future__ import annotations

import json

import pytest

from games.engine.bench import _bare, main
from games.engine.rules import PRESETS


def test_bench_reports_the_bare_loop_and_the_ratio(capsys) -> None:
    assert main(["--deals", "20", "--preset", "khrap5", "--players", "3"]) == 0
    (row,) = json.loads(capsys.readouterr().out)["results"]
    for key in ("bare_deals_per_s", "bare_deals_per_cpu_s", "ratio_to_bare"):
        assert row[key] > 0
    # The ratio is the report's own two CPU-time rates divided (no speed is asserted: a timed test
    # fails on a loaded machine; speed is the command's to measure). Rounding: 3 decimals.
    expected = row["deals_per_cpu_s"] / row["bare_deals_per_cpu_s"]
    assert row["ratio_to_bare"] == pytest.approx(expected, rel=1e-3, abs=6e-4)


def test_the_bare_loop_plays_every_card_dealt() -> None:
    rules = PRESETS["classic"]
    assert _bare(rules, 4, 10, seed=3) == 10 * 4 * rules.hand_size
    assert _bare(PRESETS["frap"], 12, 3, seed=3) == 3 * 12 * 4
