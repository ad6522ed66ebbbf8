"""The site's pages under load, each beside a bare Django view measured in the same run (JSON).

Builds a small club night in the configured database (``--tables`` tables, ``--deals`` deals played,
``--grants`` grants in a member's history) and, logged in as that member, measures the lobby, the
club page, My chips, a table page and a deal page, and a view that does nothing behind the same
middleware:

1. ``in_process``: server time per request and queries per request, through Django's test client
   in this process (no network, no daphne);
2. ``one_process``: one daphne process: the latency at one client, and requests/s at saturation
   (``--concurrency`` keep-alive connections, closed loop) with p50/p99; ``ratio_to_bare`` is a
   page's saturated requests/s over the bare view's;
3. ``production``: ``--servers`` daphne processes accepting on one shared socket (the shape of
   ``make serve``), an open-loop load of ``--rate`` requests/s (each request is due at its time
   whatever the others do, and its latency counts from then): p50, p99, max and errors.

Usage: ``python manage.py pages_bench`` with DATABASE_URL set (a scratch database).
"""

from __future__ import annotations

import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection

from ._loadkit import (
    BARE_PATH,
    DaphneProcess,
    HttpConnection,
    at_least_one,
    install_bare_view,
    pages_fixture,
    percentile,
    require_scratch_database,
    shared_listener,
    summary,
)

BENCH_APP = "games.management.commands._benchasgi:application"


class Command(BaseCommand):
    help = "Benchmark the main pages in-process, through one daphne and on the production shape (JSON)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tables", type=at_least_one, default=3)
        parser.add_argument("--deals", type=at_least_one, default=2)
        parser.add_argument("--grants", type=int, default=10)
        parser.add_argument("--requests", type=at_least_one, default=40, help="in-process requests per page")
        parser.add_argument("--seconds", type=float, default=4.0, help="per page and measure, through daphne")
        parser.add_argument("--concurrency", type=at_least_one, default=16)
        parser.add_argument(
            "--servers", type=at_least_one, default=2, help="processes of the production shape"
        )
        parser.add_argument("--rate", type=float, default=100.0, help="open-loop requests/s (production)")
        parser.add_argument("--log", default="")

    def handle(self, *args: Any, **options: Any) -> None:
        require_scratch_database(__name__.rsplit(".", 1)[-1])
        staticfiles = settings.STORAGES["staticfiles"]["BACKEND"]
        if "Manifest" in staticfiles and not (Path(settings.STATIC_ROOT) / "staticfiles.json").exists():
            call_command("collectstatic", interactive=False, verbosity=0)
        fixture = pages_fixture(tables=options["tables"], deals=options["deals"], grants=options["grants"])
        pages = {**fixture["pages"], "bare": BARE_PATH}
        cookie = fixture["cookie"]
        log = Path(options["log"] or tempfile.mkstemp(prefix="pages-bench-", suffix=".log")[1])
        out: dict[str, Any] = {
            "database": connection.vendor,
            "db_conn_max_age": settings.DATABASES["default"].get("CONN_MAX_AGE"),
            "in_process": self._in_process(pages, cookie, options["requests"]),
        }
        server = DaphneProcess(app=BENCH_APP, env={"LOG_LEVEL": "WARNING"}, log=log).start()
        try:
            out["one_process"] = asyncio.run(self._one_process(server.port, pages, cookie, options))
        finally:
            server.stop()
        listener = shared_listener()
        servers = [
            DaphneProcess(app=BENCH_APP, env={"LOG_LEVEL": "WARNING"}, log=log, listener=listener)
            for _ in range(options["servers"])
        ]
        try:
            for one in servers:
                one.start()
            out["production"] = {
                "servers": len(servers),
                "offered_per_s": options["rate"],
                "pages": asyncio.run(self._open_loop(listener.getsockname()[1], pages, cookie, options)),
            }
        finally:
            for one in servers:
                one.stop()
            listener.close()
        self.stdout.write(json.dumps(out, indent=1))

    # --- 1. in-process ----------------------------------------------------------------------------

    def _in_process(self, pages: dict[str, str], cookie: str, requests: int) -> dict[str, Any]:
        from django.core.signals import request_finished, request_started
        from django.db import close_old_connections
        from django.test import Client

        install_bare_view()
        # Over HTTPS as a deployment serves it: with HTTPS_ONLY on (DEBUG off), a plain-HTTP request
        # is answered by a redirect, and the run would have timed that instead of the page.
        client = Client(HTTP_HOST="127.0.0.1")
        secure = settings.SECURE_SSL_REDIRECT
        name, value = cookie.split("=", 1)
        results = {}
        for page, path in pages.items():
            client.cookies.clear()
            if page != "bare":
                client.cookies[name] = value
            queries = _Counter()

            # As a server keeps its connection (DB_CONN_MAX_AGE): no reconnect inside the loop.
            request_started.disconnect(close_old_connections)
            request_finished.disconnect(close_old_connections)
            try:
                with connection.execute_wrapper(queries):
                    status = client.get(path, secure=secure).status_code
                if status != 200:
                    raise CommandError(f"{page} ({path}) answered {status}, not 200: nothing to measure")
                times = []
                for _ in range(requests):
                    start = time.perf_counter()
                    client.get(path, secure=secure)
                    times.append((time.perf_counter() - start) * 1000)
            finally:
                request_started.connect(close_old_connections)
                request_finished.connect(close_old_connections)
            results[page] = {
                "status": status,
                "queries": queries.count,
                "server_ms_p50": round(statistics.median(times), 2),
                "server_ms_p90": percentile(times, 0.9),
            }
        return results

    # --- 2. one process ---------------------------------------------------------------------------

    async def _one_process(
        self, port: int, pages: dict[str, str], cookie: str, options: dict[str, Any]
    ) -> dict[str, Any]:
        results: dict[str, Any] = {}
        for page, path in pages.items():
            jar = "" if page == "bare" else cookie
            one = await self._closed_loop(port, path, jar, 1, min(2.0, options["seconds"]))
            many = await self._closed_loop(port, path, jar, options["concurrency"], options["seconds"])
            results[page] = {
                "one_client_ms_p50": one["latency_ms"]["p50"],
                "saturated_per_s": many["per_s"],
                "saturated_latency_ms": many["latency_ms"],
                "errors": one["errors"] + many["errors"],
            }
        bare = results["bare"]["saturated_per_s"] or 1
        for page in results.values():
            page["ratio_to_bare"] = round(page["saturated_per_s"] / bare, 2)
        return results

    async def _closed_loop(
        self, port: int, path: str, cookie: str, clients: int, seconds: float
    ) -> dict[str, Any]:
        latencies: list[float] = []
        errors = 0
        warmed = 0
        ready = asyncio.Event()
        stop = began = 0.0

        async def client() -> None:
            nonlocal errors, warmed, stop, began
            http = HttpConnection("127.0.0.1", port, cookie)
            for _ in range(3):  # warm: connections, the server's database connection and compiled reads
                await http.get(path)
            warmed += 1
            if warmed == clients:
                # The window opens once every client is warm: on a busy machine the warm-up alone
                # could outlast a short window and leave nothing measured.
                began = time.perf_counter()
                stop = began + seconds
                ready.set()
            await ready.wait()
            while time.perf_counter() < stop:
                start = time.perf_counter()
                try:
                    status, _size = await http.get(path)
                except (OSError, ConnectionError, asyncio.IncompleteReadError):
                    errors += 1
                    await http.close()
                    continue
                latencies.append((time.perf_counter() - start) * 1000)
                if status != 200:
                    errors += 1
            await http.close()

        await asyncio.gather(*(client() for _ in range(clients)))
        elapsed = time.perf_counter() - began
        return {
            "per_s": round(len(latencies) / elapsed, 1),
            "latency_ms": summary(latencies),
            "errors": errors,
        }

    # --- 3. production shape, open loop -----------------------------------------------------------

    async def _open_loop(
        self, port: int, pages: dict[str, str], cookie: str, options: dict[str, Any]
    ) -> dict[str, Any]:
        results = {}
        for page, path in pages.items():
            jar = "" if page == "bare" else cookie
            results[page] = await self._open_loop_page(port, path, jar, options)
        return results

    async def _open_loop_page(
        self, port: int, path: str, jar: str, options: dict[str, Any]
    ) -> dict[str, Any]:
        idle: list[HttpConnection] = []
        for _ in range(8):  # warm every process a little
            http = HttpConnection("127.0.0.1", port, jar)
            await http.get(path)
            idle.append(http)
        latencies: list[float] = []
        errors = 0
        interval = 1.0 / options["rate"]
        count = int(options["seconds"] * options["rate"])
        began = time.perf_counter()

        async def one(due: float) -> None:
            nonlocal errors
            http = idle.pop() if idle else HttpConnection("127.0.0.1", port, jar)
            try:
                status, _size = await http.get(path)
            except (OSError, ConnectionError, asyncio.IncompleteReadError):
                errors += 1
                await http.close()
                return
            latencies.append((time.perf_counter() - due) * 1000)
            if status != 200:
                errors += 1
            idle.append(http)

        tasks = []
        for i in range(count):
            due = began + i * interval
            wait = due - time.perf_counter()
            if wait > 0:
                await asyncio.sleep(wait)
            tasks.append(asyncio.create_task(one(due)))
        await asyncio.gather(*tasks)
        elapsed = time.perf_counter() - began
        for http in idle:
            await http.close()
        return {
            "requests": count,
            "achieved_per_s": round(len(latencies) / elapsed, 1),
            "latency_ms": summary(latencies),
            "errors": errors,
        }


class _Counter:
    """A database execute wrapper that counts the queries."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        self.count += 1
        return execute(sql, params, many, context)
