"""`ledger_bench --seconds -5` (or 0, or "abc") ran nothing and printed a result as if measured; a
process count of 0 the same. Each is refused by the command line in one line, before anything runs."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command


@pytest.mark.parametrize(
    "args",
    [
        ["--seconds", "-5"],
        ["--seconds", "0"],
        ["--seconds", "abc"],
        ["--seconds", "inf"],
        ["--processes", "0"],
        ["--pgbench-seconds", "-1"],
    ],
)
def test_odd_sizes_are_refused_before_anything_runs(args):
    with pytest.raises(CommandError) as refused:
        call_command("ledger_bench", *args)
    assert "is not a" in str(refused.value), refused.value
