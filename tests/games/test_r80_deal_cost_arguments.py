"""deal_cost answers bad arguments with a line, not a traceback (review 80).

`deal_cost --deals 0` (or -1) measured nothing and stopped on "StatisticsError: mean requires at
least one data point"; `--preset nope` on "TableError: Unknown game". argparse refuses them now,
naming the argument and the games there are, before anything is written."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (["--deals", "0"], "argument --deals: 0 is not a whole number of at least 1"),
        (["--deals", "-1"], "argument --deals: -1 is not a whole number of at least 1"),
        (["--preset", "nope"], "argument --preset: invalid choice: 'nope' (choose from"),
    ],
)
def test_a_bad_argument_is_refused_in_a_line(arguments, words):
    result = subprocess.run(
        [sys.executable, "manage.py", "deal_cost", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2
    assert words in result.stderr
    assert "Traceback" not in result.stderr
