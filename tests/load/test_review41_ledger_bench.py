"""Review 41: ``manage.py ledger_bench`` as the README runs it. On PostgreSQL with the deployment's
settings (each process has its pool of connections) it waited two minutes and died: its processes are
forked, and each forked one took a connection from the pool it inherited, the same server session the
one before had used ("prepared statement "_pg3_0" already exists"), or one its parent still held. On
the embedded default (SQLite) it died at the end, removing a scratch file already removed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

from tests.e2e.daphne_server import ROOT, _database_url

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.postgres
def test_ledger_bench_runs_with_the_deployment_s_connection_pool():
    env = {k: v for k, v in os.environ.items() if k not in {"PYTEST_VERSION", "DB_POOL_SIZE"}}
    env |= {"DATABASE_URL": _database_url(), "DEBUG": "1", "HTTPS_ONLY": "0"}
    process = subprocess.Popen(
        [sys.executable, "manage.py", "ledger_bench", "--seconds", "0.5", "--processes", "2", "--no-pgbench"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its forked processes go with it if it hangs
    )
    try:
        stdout, stderr = process.communicate(timeout=100)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        stdout, stderr = process.communicate()
        raise AssertionError(f"ledger_bench hung: {stderr[-3000:]}") from None
    assert process.returncode == 0, stderr[-3000:]
    report = json.loads(stdout)
    assert [run["processes"] for run in report["runs"]] == [1, 2]
    assert all(run["journals"] > 0 for run in report["runs"]), report
    assert report["books_consistent"] is True


def test_ledger_bench_prints_its_report_on_sqlite(tmp_path):
    # Review 41: on the embedded default it measured, then died removing its scratch file, which
    # Django's destroy_test_db had already removed, and printed nothing.
    env = {k: v for k, v in os.environ.items() if k not in {"PYTEST_VERSION", "REDIS_URL"}}
    env |= {"DATABASE_URL": f"sqlite:///{tmp_path / 'configured.sqlite3'}", "DEBUG": "1", "HTTPS_ONLY": "0"}
    done = subprocess.run(
        [sys.executable, "manage.py", "ledger_bench", "--seconds", "0.3", "--processes", "2", "--no-pgbench"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=100,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert report["database"] == "sqlite" and report["books_consistent"] is True
    assert [run["processes"] for run in report["runs"]] == [1, 2]
