"""`python -m club.serve` told to stop while it restarts a daphne process that died (review 87).

It slept a second before starting the new process, and a SIGTERM (systemd, a deploy) landing in that
second still started it afterwards: a daphne that got no SIGTERM, took connections on the shared
port, and was SIGKILLed fifteen seconds later, in the middle of whatever it served."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

CHILD = """
import os, signal, sys, time
starts, crash = sys.argv[-2:]  # after club.serve's --fd N
with open(starts, "a") as f:
    f.write(f"{os.getpid()}\\n")
if os.path.exists(crash):
    sys.exit(3)  # a process that dies at once, as one out of memory would
signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))
while True:
    time.sleep(0.1)
"""


def _starts(path: Path) -> int:
    return len(path.read_text().split()) if path.exists() else 0


def test_a_stop_during_the_restart_pause_starts_no_new_process(tmp_path: Path) -> None:
    child, starts, crash = tmp_path / "child.py", tmp_path / "starts", tmp_path / "crash"
    child.write_text(f"#!{sys.executable}\n{CHILD}")
    child.chmod(0o755)
    crash.write_text("")
    serve = subprocess.Popen(
        [sys.executable, "-m", "club.serve", "--processes", "1",
         str(child), str(starts), str(crash), "-b", "127.0.0.1", "-p", "0"],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert serve.stdout is not None
        for line in serve.stdout:
            if "starting another" in line:
                break  # it now pauses before starting the next one
        serve.send_signal(signal.SIGTERM)
        told = _starts(starts)
        assert serve.wait(timeout=30) == 0
        assert _starts(starts) == told, "a daphne process was started after the stop"
    finally:
        if serve.poll() is None:
            serve.kill()
            serve.wait(timeout=10)
