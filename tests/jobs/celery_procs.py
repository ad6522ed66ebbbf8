"""A real Celery worker and beat, started by a test as subprocesses against the test database and
the Redis of ``REDIS_URL``, each run on a queue of its own (other test runs share the Redis server).

The subprocesses read committed data only, so the tests that use them are transactional. They are
killed at the end of the test (SIGKILL of their process group if they do not stop), and the queue's
keys are removed from Redis.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.conf import settings

from tests.e2e.daphne_server import _database_url

ROOT = Path(__file__).resolve().parents[2]
REDIS = bool(settings.REDIS_URL)
needs_redis = [
    pytest.mark.redis,
    pytest.mark.skipif(not REDIS, reason="needs REDIS_URL (CI sets it): a real worker needs a broker"),
]


class Proc:
    def __init__(self, name: str, argv: list[str], env: dict[str, str], log: Path) -> None:
        self.name, self.argv, self.env, self.log = name, argv, env, log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Proc:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                self.argv,
                cwd=ROOT,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        return self

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def wait_for(self, words: str, *, timeout: float = 30, count: int = 1) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.text().count(words) >= count:
                return
            if self.process is not None and self.process.poll() is not None:
                raise AssertionError(
                    f"{self.name} exited ({self.process.returncode}):\n{self.text()[-3000:]}"
                )
            time.sleep(0.05)
        raise AssertionError(f"{self.name}: no {words!r} within {timeout} s:\n{self.text()[-3000:]}")

    def kill(self) -> None:
        """SIGKILL the whole process group (the worker and its pool children), as a crash would."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()


class CeleryRun:
    """Workers and beats of one test, on one queue."""

    def __init__(self, tmp_path: Path) -> None:
        self.queue = f"khrap-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.tmp_path = tmp_path
        self.procs: list[Proc] = []

    def env(self, **extra: str) -> dict[str, str]:
        return {
            **os.environ,
            "DATABASE_URL": _database_url(),
            "CELERY_QUEUE": self.queue,
            "TABLE_CLOCK": "celery",
            "PYTHONUNBUFFERED": "1",
            **extra,
        }

    def worker(self, *, include: str = "", **env: str) -> Proc:
        n = len(self.procs)
        argv = [
            sys.executable, "-m", "celery", "-A", "club", "worker", "--loglevel=INFO",
            "--pool=prefork", "--concurrency=1", f"--hostname=w{n}-{self.queue}@%h",
            "--without-mingle", "--without-gossip", "--without-heartbeat",
        ]  # fmt: skip
        if include:
            argv.append(f"--include={include}")
        proc = Proc(f"worker {n}", argv, self.env(**env), self.tmp_path / f"worker-{n}.log").start()
        self.procs.append(proc)
        return proc

    def beat(self, **env: str) -> Proc:
        n = len(self.procs)
        argv = [
            sys.executable, "-m", "celery", "-A", "club", "beat", "--loglevel=INFO",
            f"--schedule={self.tmp_path / f'beat-{n}'}", f"--pidfile={self.tmp_path / f'beat-{n}.pid'}",
        ]  # fmt: skip
        proc = Proc(f"beat {n}", argv, self.env(**env), self.tmp_path / f"beat-{n}.log").start()
        self.procs.append(proc)
        return proc

    def close(self) -> None:
        for proc in self.procs:
            proc.stop()
        import redis

        client = redis.Redis.from_url(settings.REDIS_URL)
        for key in client.scan_iter(match=f"*{self.queue}*"):
            client.delete(key)
        client.close()


def wait_until(check: Callable[[], object], *, timeout: float = 20, what: str = "the condition") -> object:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"{what} did not happen within {timeout} s")


@pytest.fixture
def celery_run(transactional_db: None, tmp_path: Path, settings) -> Iterator[CeleryRun]:
    """A queue of this test's own; the test process publishes to it (``TABLE_CLOCK = "celery"``)."""
    run = CeleryRun(tmp_path)
    settings.CELERY_TASK_DEFAULT_QUEUE = run.queue
    try:
        yield run
    finally:
        run.close()
