"""Asking the scenario commands for help is not an error: ``--help`` (or ``-h``) says what the
command does and what its exit statuses mean on standard output and exits 0. It printed the bare
usage line on standard error and exited 2, the status of a malformed file. A missing or extra
argument is still a usage error (2, on standard error)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from games.engine import replay, verify

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("module", [replay, verify], ids=["replay", "verify"])
@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_is_printed_on_stdout_and_exits_0(module, flag: str, capsys) -> None:
    assert module.main([flag]) == 0
    out, err = capsys.readouterr()
    name = module.__name__
    assert out.startswith(f"usage: python -m {name} FILE.json | -\n")
    assert "docs/rules/SCENARIOS.md" in out
    assert "exit status" in out.lower() and "0" in out and "1" in out and "2" in out
    assert err == ""


@pytest.mark.parametrize("module", [replay, verify], ids=["replay", "verify"])
@pytest.mark.parametrize("args", [[], ["a.json", "b.json"]], ids=["none", "two"])
def test_a_wrong_argument_count_is_still_a_usage_error(module, args: list[str], capsys) -> None:
    assert module.main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("usage: python -m ")


def test_help_as_the_readme_runs_it() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "games.engine.verify", "--help"], cwd=ROOT, capture_output=True, text=True,
        timeout=60,
    )
    assert run.returncode == 0 and run.stdout.startswith("usage: python -m games.engine.verify")
