"""``python -m club.serve``: the production web server, one daphne process per core on one port.

daphne serves one process: one Python thread of control, one core. This opens the listening socket
once and starts ``--processes`` daphne processes that all accept on it (``daphne --fd``), so the
kernel spreads connections over them, and starts again, after a short pause, any that dies (a
crash, an out-of-memory kill), so the port keeps answering. Processes that exit within seconds of
their start five times in a row cannot start at all (a mistyped application, settings that stop at
import): it then stops, says so and exits with 1, so the supervisor sees the failure. Websockets of
one table may land on different processes: the Redis channel layer joins them (REDIS_URL is
required with more than one). SIGTERM or SIGINT stops them all.

    python -m club.serve --processes 2 daphne -b 0.0.0.0 -p 8000 \
        --websocket-max-message-size 65536 club.asgi:application

The daphne command line is given whole; its ``-b`` and ``-p`` name the socket this opens, and each
process gets ``--fd`` in their place.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import time

from club.cli_types import at_least_one

#: A process that exits sooner than this after its start did not start.
QUICK_EXIT_S = 5.0
#: Quick exits in a row (over all processes) after which club.serve gives up.
GIVE_UP_AFTER = 5


def quick_exits(before: int, *, lived: float) -> int:
    """The quick exits in a row after a process that ``lived`` seconds exits."""
    return before + 1 if lived < QUICK_EXIT_S else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--processes", type=at_least_one, default=os.cpu_count() or 1)
    parser.add_argument("daphne", nargs=argparse.REMAINDER, help="the daphne command line, with -b and -p")
    args = parser.parse_args(argv)
    if not args.daphne:
        parser.error("give the daphne command line")
    if args.processes > 1 and not os.environ.get("REDIS_URL", "").strip():
        parser.error("more than one process needs a shared channel layer: set REDIS_URL")
    program, *rest = args.daphne
    bind, port, daphne_args = "127.0.0.1", 8000, []
    it = iter(rest)
    for arg in it:
        if arg in ("-b", "--bind"):
            bind = next(it)
        elif arg in ("-p", "--port"):
            port = int(next(it))
        else:
            daphne_args.append(arg)

    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((bind, port))
    listener.listen(1024)
    listener.set_inheritable(True)
    command = [program, "--fd", str(listener.fileno()), *daphne_args]

    started_at: dict[int, float] = {}

    def start() -> subprocess.Popen[bytes]:
        child = subprocess.Popen(command, pass_fds=(listener.fileno(),))
        started_at[child.pid] = time.monotonic()
        return child

    children = [start() for _ in range(args.processes)]
    quick = 0
    given_up = False
    print(f"club.serve: {args.processes} daphne process(es) on {bind}:{port}", flush=True)
    stopping = False

    def stop(signum: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True
        for child in children:
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    while not stopping:
        time.sleep(0.5)
        for i, child in enumerate(children):
            if child.poll() is not None and not stopping:
                quick = quick_exits(quick, lived=time.monotonic() - started_at.pop(child.pid))
                if quick >= GIVE_UP_AFTER:
                    print(
                        f"club.serve: daphne exited at its start {quick} times in a row (last exit code "
                        f"{child.returncode}): giving up; see its output above",
                        flush=True,
                    )
                    given_up = True
                    stop(signal.SIGTERM, None)
                    break
                print(
                    f"club.serve: process {child.pid} exited ({child.returncode}); starting another",
                    flush=True,
                )
                time.sleep(1.0)
                if stopping:
                    # Told to stop during the pause: a process started now would get no SIGTERM,
                    # take connections, and be killed mid-request at the end of the wait below.
                    break
                children[i] = start()
    deadline = time.monotonic() + 15
    for child in children:
        try:
            child.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            child.kill()
    return 1 if given_up else 0


if __name__ == "__main__":
    sys.exit(main())
