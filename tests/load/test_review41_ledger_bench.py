"""Review 41: ``manage.py ledger_bench``, as the README runs it (PostgreSQL, the deployment's settings,
so each process has its pool of connections), waited two minutes and died: its processes are forked,
and each forked one took a connection from the pool it inherited, the same server session the one
before had used ("prepared statement "_pg3_0" already exists"), or one its parent still held."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.e2e.daphne_server import ROOT, _database_url

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_ledger_bench_runs_with_the_deployment_s_connection_pool():
    env = {k: v for k, v in os.environ.items() if k not in {"PYTEST_VERSION", "DB_POOL_SIZE"}}
    env |= {"DATABASE_URL": _database_url(), "DEBUG": "1", "HTTPS_ONLY": "0"}
    done = subprocess.run(
        [sys.executable, "manage.py", "ledger_bench", "--seconds", "0.5", "--processes", "2", "--no-pgbench"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=100,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert [run["processes"] for run in report["runs"]] == [1, 2]
    assert all(run["journals"] > 0 for run in report["runs"]), report
    assert report["books_consistent"] is True
