"""`make serve` without DATABASE_URL or REDIS_URL refuses before it does anything: it used to run its
``migrate`` prerequisite first (on a fresh checkout that creates and migrates the demo's SQLite file,
then collects the static files) and only then say what was missing."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def _dry_run(target: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "MAKEFLAGS")}
    # -n prints what make would run and runs nothing (the venv, migrate and the servers stay untouched).
    return subprocess.run(
        ["make", "-n", target], cwd=ROOT, env={**clean, **env}, capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    "env",
    [{}, {"DATABASE_URL": "postgres://app@db/khrap"}, {"REDIS_URL": "redis://redis:6379/0"}],
    ids=["neither", "no-redis", "no-database"],
)
def test_make_serve_without_its_servers_refuses_before_migrating(env: dict[str, str]) -> None:
    run = _dry_run("serve", **env)
    assert run.returncode != 0
    assert "serve needs DATABASE_URL and REDIS_URL" in run.stdout + run.stderr
    assert "manage.py migrate" not in run.stdout
    assert "collectstatic" not in run.stdout


def test_make_serve_with_both_migrates_then_serves() -> None:
    run = _dry_run("serve", DATABASE_URL="postgres://app@db/khrap", REDIS_URL="redis://redis:6379/0")
    assert run.returncode == 0, run.stderr
    assert run.stdout.index("manage.py migrate") < run.stdout.index("club.serve")


def test_the_other_targets_do_not_ask_for_the_servers() -> None:
    # The check belongs to serve alone: the demo and a plain migrate run on the embedded default.
    for target in ("demo", "migrate"):
        run = _dry_run(target)
        assert run.returncode == 0, (target, run.stderr)
        assert "serve needs" not in run.stdout + run.stderr
