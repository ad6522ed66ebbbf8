"""Fixtures for the load and fault tests: the live-table fixtures of tests/games, and real daphne
servers (``club.asgi``) on the test database, started, killed and started again by the test."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.conf import settings

from games.management.commands._loadkit import DaphneProcess, free_port
from tests.conftest import in_ci
from tests.e2e.conftest import (  # noqa: F401  (the browser tests' launch arguments and async-safety switch)
    CHROMIUM,
    _plain_cache,
    browser_type_launch_args,
    pytest_runtest_setup,
)
from tests.games.conftest import (  # noqa: F401  (fixtures)
    _quick_tables,
    club,
    make_table,
    owner,
    players,
)

IS_SQLITE = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
SERVER_ENV = {
    "TABLE_TICKER": "1",
    "TABLE_BOT_DELAY": "0.2",
    "TABLE_DEAL_PAUSE": "0.5",
    "TABLE_FIRST_DEAL_PAUSE": "0.2",
    "TABLE_AWAY_DELAY": "0.2",
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    skip_pg = pytest.mark.skip(reason="needs PostgreSQL: the database is SQLite (set DATABASE_URL)")
    skip_redis = pytest.mark.skip(reason="needs Redis: REDIS_URL is unset (in-memory channel layer)")
    browser = CHROMIUM.exists() or os.environ.get("CI", "").lower() in {"1", "true", "yes"}
    skip_browser = pytest.mark.skip(reason=f"{CHROMIUM} is missing (apt-get install -y chromium)")
    for item in items:
        if "tests/load" not in str(item.fspath):
            continue
        if "e2e" in item.keywords and not browser:
            item.add_marker(skip_browser)
        if "postgres" in item.keywords and IS_SQLITE:
            item.add_marker(skip_pg)
        if "redis" in item.keywords and not settings.REDIS_URL:
            item.add_marker(skip_redis)


@pytest.fixture
def daphne(transactional_db: None, tmp_path: Path) -> Iterator[Callable[..., DaphneProcess]]:
    """``daphne(**env)`` starts a server on the test database (stopped after the test)."""
    started: list[DaphneProcess] = []

    def start(**env: str) -> DaphneProcess:
        server = DaphneProcess(env={**SERVER_ENV, **env}, log=tmp_path / f"daphne-{len(started)}.log")
        started.append(server)
        return server.start()

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[Callable[[], str]]:
    """A redis-server of the test's own on a free port (never the shared one): ``own_redis()``
    starts it, or starts it again on the same port, and returns its URL; the test may kill it."""
    binary = shutil.which("redis-server")
    if binary is None:
        # CI runs these (a Redis restart mid-deal): a machine without the binary fails them there.
        if in_ci():
            pytest.fail("needs redis-server on PATH (CI must run the Redis restart tests)")
        pytest.skip("needs redis-server on PATH")
    port = free_port()
    processes: list[subprocess.Popen[bytes]] = []

    def start() -> str:
        process = subprocess.Popen(
            [
                binary,
                "--port",
                str(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(tmp_path),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        processes.append(process)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    return f"redis://127.0.0.1:{port}/0"
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    start.processes = processes  # type: ignore[attr-defined]
    yield start
    for process in processes:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
