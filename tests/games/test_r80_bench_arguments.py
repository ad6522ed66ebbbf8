"""The bench commands answer bad sizes with a line, not a traceback (review 80).

`table_bench --tables abc,3` stopped on "ValueError: invalid literal for int()", `jobs_bench
--tables -3` made its scratch database and stopped on "LedgerError: The amount must be a whole
number of chips above zero", and `pages_bench --tables -1` ran a whole bench at another size.
argparse refuses them now, naming the argument, before anything starts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (["table_bench", "--tables", "abc,3"], "argument --tables: abc is not a whole number of at least 1"),
        (["table_bench", "--tables", "10,0"], "argument --tables: 0 is not a whole number of at least 1"),
        (["table_bench", "--servers", "0"], "argument --servers: 0 is not a whole number of at least 1"),
        (["jobs_bench", "--tables", "-3"], "argument --tables: -3 is not a whole number of at least 1"),
        (["jobs_bench", "--delays", "5,x"], "argument --delays: x is not a number of seconds above 0"),
        (["pages_bench", "--tables", "-1"], "argument --tables: -1 is not a whole number of at least 1"),
    ],
)
def test_a_bad_size_is_refused_in_a_line(arguments, words):
    env = {k: v for k, v in os.environ.items() if k not in {"PYTEST_VERSION", "REDIS_URL"}}
    result = subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=ROOT,
        env={**env, "DEBUG": "1"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2, result.stderr[-2000:]
    assert words in result.stderr
