"""A real daphne serving the test database, for browser tests of the live tables.

pytest-django's ``live_server`` speaks plain WSGI (no websockets), so these tests start the site as
it runs in production: daphne, the ASGI app, the configured channel layer and the in-process table
clock, in a second process that opens the same test database (committed data: transactional tests).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import connection

from tests.browser_contexts import close_browser_contexts

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _database_url() -> str:
    params = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{params['NAME']}"
    user = params.get("USER") or ""
    password = f":{params['PASSWORD']}" if params.get("PASSWORD") else ""
    host = params.get("HOST") or "127.0.0.1"
    port = f":{params['PORT']}" if params.get("PORT") else ""
    return f"postgres://{user}{password}@{host}{port}/{params['NAME']}"


@pytest.fixture
def daphne_url(
    transactional_db: None,
    tmp_path: Path,
    daphne_args: list[str],
    daphne_env: dict[str, str],
    request: pytest.FixtureRequest,
) -> Iterator[str]:
    port = _free_port()
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "PYTEST_VERSION": os.environ.get("PYTEST_VERSION", "8"),  # the test settings: finders, plain HTTP
        "TABLE_TICKER": "1",
        "TABLE_BOT_DELAY": "0.3",
        "TABLE_DEAL_PAUSE": "1",
        "TABLE_FIRST_DEAL_PAUSE": "0.5",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "HTTPS_ONLY": "0",
        **daphne_env,
    }
    log = (tmp_path / "daphne.log").open("w")
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)),
            *daphne_args,
            "club.asgi:application",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"daphne exited: {(tmp_path / 'daphne.log').read_text()[-2000:]}")
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        # The pages go first: their sockets close while the server still serves, not as it stops.
        close_browser_contexts(request.node)
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()
