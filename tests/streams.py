"""The whole suite in four pytest processes at once (``make test``): the browser and server tests
(tests/e2e, tests/load: much of their time is spent waiting on chromium and daphne processes), the
table tests in two (tests/games, many waiting on sockets and turn clocks: its review-numbered files
with tests/engine, all computing, about a minute and a half; and its other files), and the rest
(with tests/jobs, whose Celery workers and beats wait too: measured, the first stream took 15 minutes
with them, the rest 8). Measured on 7204f62 with nothing else running: 16:06, 13:05 and 14:22, the
engine's tests among the rest. On a 2-core machine one process took about 30 minutes of the CI's
budget while using well under half of the machine: most tests wait (on a browser, a server, a socket,
a clock) more than they compute, so streams that wait at once finish sooner.

Each stream gets its own test database and, with Redis, its own Redis database: a table's channel
group is named by its id, and two test databases number their tables alike. Arguments are passed to
each; their outputs are printed one after the other; the exit status is the first failing one.

    python -m tests.streams [pytest args...]
"""

from __future__ import annotations

import glob
import os
import subprocess
import sys
import tempfile
from urllib.parse import urlsplit, urlunsplit

SERVERS = ["tests/e2e", "tests/load"]
#: Folders the streams besides "rest" run (which runs every other test).
OWN_FOLDERS = [*SERVERS, "tests/games", "tests/engine"]


def _streams() -> dict[str, list[str]]:
    """The streams besides "rest", by name: their folders and files. The table tests are two streams,
    the review-numbered files (``test_rNNN_*``) with the engine's and the others: as one stream they
    took 33 minutes on a slower 2-core machine (stop 38), the longest of three, while the machine
    stood half idle, most of their time spent waiting on sockets and clocks."""
    reviews = sorted(glob.glob("tests/games/test_r[0-9]*.py"))
    others = sorted(set(glob.glob("tests/games/test_*.py")) - set(reviews))
    return {"servers": SERVERS, "games": [*reviews, "tests/engine"], "tables": others}


def _redis_db(url: str, db: int) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{db}"))


def _env(name: str, redis_db: int) -> dict[str, str]:
    env = dict(os.environ)
    base = env.get("TEST_DATABASE_NAME") or "test_khrap"
    env["TEST_DATABASE_NAME"] = f"{base}_{name}"
    if env.get("REDIS_URL"):
        current = urlsplit(env["REDIS_URL"]).path.strip("/") or "0"
        env["REDIS_URL"] = _redis_db(env["REDIS_URL"], (int(current) + redis_db) % 16)
    return env


def main(args: list[str]) -> int:
    if any(not a.startswith("-") for a in args):  # named tests, folders or option values: one run
        return subprocess.call([sys.executable, "-m", "pytest", *args])
    own = _streams()
    others = [f"--ignore={path}" for path in OWN_FOLDERS]
    streams = {name: ([*paths], _env(name, i)) for i, (name, paths) in enumerate(own.items())}
    streams["rest"] = (others, _env("rest", len(own)))
    running = {}
    for name, (where, env) in streams.items():
        # Kept open until the stream is printed below (a context manager would close it here).
        log = tempfile.TemporaryFile(mode="w+", encoding="utf-8")  # noqa: SIM115
        command = [
            sys.executable,
            "-m",
            "pytest",
            *args,
            "--basetemp",
            tempfile.mkdtemp(prefix=f"khrap-{name}-"),
            *where,
        ]
        print(f"== {name}: {' '.join(command[2:])}", flush=True)
        running[name] = (subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT), log)
    status = 0
    for name, (process, log) in running.items():
        code = process.wait()
        log.seek(0)
        print(f"\n== {name} (exit {code})", flush=True)
        sys.stdout.write(log.read())
        sys.stdout.flush()
        status = status or code
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
