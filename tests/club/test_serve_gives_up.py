"""`python -m club.serve` started daphne again forever when it could not start at all (a typo in the
application's path, settings that stop at import): one line "exited (1); starting another" a second,
for hours, while the port it holds took connections nobody answered and the supervisor (systemd,
docker) saw a server running. Five quick exits in a row and it stops, says why, and exits non-zero;
a process that served a while before dying is still started again."""

from __future__ import annotations

import socket
import subprocess
import sys
import time


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_daphne_that_cannot_start_is_given_up_after_five_quick_exits(tmp_path):
    daphne = tmp_path / "daphne"  # stops at once, whatever it is given, as a mistyped app path does
    daphne.write_text("#!/bin/sh\nexit 3\n")
    daphne.chmod(0o755)
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "club.serve", "--processes", "1", str(daphne), "-p", str(_free_port()),
         "club.asgi:application"],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout.count("starting another") == 4, done.stdout
    assert "exited at its start 5 times in a row (last exit code 3): giving up" in done.stdout
    assert time.monotonic() - started < 60


def test_a_process_that_served_a_while_is_started_again(tmp_path):
    """A crash after a quick spell of service is not a start that fails: the count begins again."""
    from club import serve

    assert serve.QUICK_EXIT_S > 0 and serve.GIVE_UP_AFTER == 5
    # Exits 0.1 s and then QUICK_EXIT_S + 0.5 s after their starts: only the first is quick.
    assert serve.quick_exits(0, lived=0.1) == 1
    assert serve.quick_exits(1, lived=serve.QUICK_EXIT_S + 0.5) == 0
