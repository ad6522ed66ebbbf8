"""Live tables under load, against the bare cost of the parts (JSON).

Starts ``--servers`` daphne processes on this machine (or targets ``--url``), seats ``--tables``
tables of four members in the configured database, and connects four real websocket clients per
table, spread over the servers (so every table's updates cross the channel layer). Each client reads
the HTML frames its browser would get and, when a frame says it is its turn, sends one of the moves
the frame offers; a table moves at most once per ``--interval`` seconds (0: as fast as the server
answers). Measured over ``--seconds`` after ``--warmup``: moves/s, move→all-four-seats-updated
latency (p50, p99, max), errors and frame sizes.

In the same run, on the same servers and the same number of sockets, the bare reference: a consumer
that only broadcasts a frame of the same size to a group of four through the same channel layer, at
the same pace. The ratios site / bare are the figures to compare between machines.

Usage: ``python manage.py table_bench --tables 10,50,100 --servers 2`` with DATABASE_URL (a scratch
database: it creates a club, members and tables) and REDIS_URL set.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from ._loadkit import (
    BenchTable,
    DaphneProcess,
    Player,
    TableRun,
    TableStats,
    at_least_one,
    bare_socket,
    play_table_socket,
    require_scratch_database,
    seat_tables,
    sizes,
    summary,
)

BENCH_APP = "games.management.commands._benchasgi:application"


def _ratio(a: float | None, b: float | None) -> float | None:
    return round(a / b, 2) if a is not None and b else None


class Command(BaseCommand):
    help = "Benchmark the live tables through daphne and the channel layer against a bare broadcast (JSON)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--tables", type=sizes, default="10", help="tables of four; a comma list runs each size"
        )
        parser.add_argument("--servers", type=at_least_one, default=2, help="daphne processes to start")
        parser.add_argument(
            "--url", action="append", default=[], help="ws://host:port of a running server (bench app)"
        )
        parser.add_argument("--seconds", type=float, default=15.0)
        parser.add_argument("--warmup", type=float, default=3.0)
        parser.add_argument(
            "--interval", type=float, default=0.5, help="seconds between two moves of one table (0: no wait)"
        )
        parser.add_argument("--preset", default="classic")
        parser.add_argument("--no-baseline", action="store_true")
        parser.add_argument(
            "--frame-bytes", type=int, default=6500, help="the baseline's frame size (a table frame's median)"
        )
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--log", default="", help="file for the servers' output")

    def handle(self, *args: Any, **options: Any) -> None:
        require_scratch_database(__name__.rsplit(".", 1)[-1])
        if not settings.REDIS_URL and (options["servers"] > 1 or len(options["url"]) > 1):
            raise CommandError("several servers need a shared channel layer: set REDIS_URL")
        sizes = [int(s) for s in str(options["tables"]).split(",") if s.strip()]
        log = Path(options["log"] or tempfile.mkstemp(prefix="table-bench-", suffix=".log")[1])
        results = [self._size(n, options, log) for n in sizes]
        out = {
            "database": settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1],
            "channel_layer": settings.CHANNEL_LAYERS["default"]["BACKEND"].rsplit(".", 1)[-1],
            "servers": len(options["url"]) or options["servers"],
            "interval_s": options["interval"],
            "seconds": options["seconds"],
            "runs": results,
        }
        self.stdout.write(json.dumps(out, indent=1))

    def _servers(self, options: dict[str, Any], log: Path) -> list[DaphneProcess]:
        """Fresh servers for each size: one size's leftovers do not weigh on the next."""
        if options["url"]:
            return []
        env = {"TABLE_DEAL_PAUSE": "0", "TABLE_FIRST_DEAL_PAUSE": "0", "LOG_LEVEL": "WARNING"}
        servers = [DaphneProcess(app=BENCH_APP, env=env, log=log) for _ in range(options["servers"])]
        try:
            for server in servers:
                server.start()
        except Exception:
            for server in servers:
                server.stop()
            raise
        return servers

    def _size(self, n: int, options: dict[str, Any], log: Path) -> dict[str, Any]:
        started = time.perf_counter()
        tables = seat_tables(n, preset=options["preset"])
        setup_s = time.perf_counter() - started
        rng = random.Random(options["seed"])
        servers = self._servers(options, log)
        urls = list(options["url"]) or [server.ws_url for server in servers]
        try:
            bare = None
            self.servers = servers
            if not options["no_baseline"]:
                # First, while the tables wait for their players: the same sockets, pace and frame
                # size (a table frame is measured beforehand), with no database and no template.
                size = options["frame_bytes"]
                bare = asyncio.run(self._bare(tables, urls, options, size, rng))
            site = asyncio.run(self._site(tables, urls, options, rng))
        finally:
            for server in servers:
                server.stop()
            self._close(tables)
        result: dict[str, Any] = {"tables": n, "sockets": 4 * n, "setup_s": round(setup_s, 1), "site": site}
        if bare is not None:
            result["bare"] = bare
            result["ratio_site_to_bare"] = {
                "latency_p50": _ratio(site["latency_ms"]["p50"], bare["latency_ms"]["p50"]),
                "latency_p99": _ratio(site["latency_ms"]["p99"], bare["latency_ms"]["p99"]),
                "moves_per_s": _ratio(site["moves_per_s"], bare["moves_per_s"]),
                "server_cpu_ms_per_move": _ratio(
                    site.get("server_cpu_ms_per_move"), bare.get("server_cpu_ms_per_move")
                ),
            }
        return result

    def _cpu(self) -> float:
        return sum(server.cpu_seconds() for server in getattr(self, "servers", []))

    async def _measure(
        self,
        runs: list[TableRun],
        tasks: list[asyncio.Task[None]],
        stop: asyncio.Event,
        options: dict[str, Any],
    ) -> tuple[float, float, float]:
        """Run the clients; returns the measured window (s), the servers' CPU (s) and this
        process's CPU (s) in it."""
        await asyncio.sleep(options["warmup"])
        for run in runs:
            run.measuring = True
        begin, cpu, own = time.perf_counter(), self._cpu(), time.process_time()
        await asyncio.sleep(options["seconds"])
        for run in runs:
            run.measuring = False
        elapsed = time.perf_counter() - begin
        cpu, own = self._cpu() - cpu, time.process_time() - own
        stop.set()
        done = await asyncio.gather(*tasks, return_exceptions=True)
        for run, outcome in zip([r for r in runs for _ in r.table.players], done, strict=True):
            if isinstance(outcome, BaseException):
                run.stats.error(f"client:{type(outcome).__name__}")
        return elapsed, cpu, own

    @staticmethod
    def _report(
        stats: TableStats, runs: list[TableRun], measured: tuple[float, float, float]
    ) -> dict[str, Any]:
        elapsed, cpu, own = measured
        now = time.perf_counter()
        stuck = sum(1 for run in runs if (run.oldest_pending() or now) < now - 5)
        return {
            "moves": stats.moves,
            "moves_per_s": round(stats.moves / elapsed, 1),
            "latency_ms": summary(stats.latencies_ms),
            "errors": dict(sorted(stats.errors.items())),
            "stuck_tables": stuck,
            "frames": stats.frames,
            "frame_bytes_p50": int(statistics.median(stats.frame_bytes)) if stats.frame_bytes else None,
            # CPU the servers spent per move (all their processes, this machine's noise aside), and
            # the share of the machine the clients themselves took.
            "server_cpu_ms_per_move": round(cpu * 1000 / stats.moves, 2) if stats.moves and cpu else None,
            "server_cpu_share": round(cpu / elapsed, 2),
            "client_cpu_share": round(own / elapsed, 2),
        }

    async def _site(
        self, tables: list[BenchTable], urls: list[str], options: dict[str, Any], rng: random.Random
    ) -> dict[str, Any]:
        stats = TableStats()
        stop = asyncio.Event()
        runs = [TableRun(t, stats, options["interval"], random.Random(rng.random())) for t in tables]
        tasks = []
        for t, run in enumerate(runs):
            for i in range(len(run.table.players)):
                url = urls[(t * len(run.table.players) + i) % len(urls)]
                tasks.append(asyncio.create_task(play_table_socket(run, i, url, stop)))
            if t % 10 == 9:
                await asyncio.sleep(0.05)  # a club night fills up over minutes, not in one instant
        return self._report(stats, runs, await self._measure(runs, tasks, stop, options))

    async def _bare(
        self,
        tables: list[BenchTable],
        urls: list[str],
        options: dict[str, Any],
        size: int,
        rng: random.Random,
    ) -> dict[str, Any]:
        stats = TableStats()
        stop = asyncio.Event()
        tag = f"{rng.randrange(10**9)}"
        runs = [TableRun(t, stats, options["interval"], random.Random(rng.random())) for t in tables]
        tasks = []
        for t, run in enumerate(runs):
            for i in range(len(run.table.players)):
                url = urls[(t * len(run.table.players) + i) % len(urls)]
                tasks.append(asyncio.create_task(bare_socket(run, i, url, f"{tag}-{t}", size, stop)))
        report = self._report(stats, runs, await self._measure(runs, tasks, stop, options))
        report["frame_bytes_p50"] = size
        return report

    @staticmethod
    def _close(tables: list[BenchTable]) -> None:
        """The bench's tables end now: a table between deals closes at once, a deal in progress
        finishes first (its players are gone, so the turn clock plays it out)."""
        from django.utils import timezone

        from games.models import TableSession
        from games.services.schedule import session_end

        now = timezone.now()
        ids = [table.session_id for table in tables]
        TableSession.objects.filter(pk__in=ids).update(ends_at=now)
        for session_id in ids:
            session_end(session_id=session_id, now=now)


__all__ = ["Command", "Player"]
