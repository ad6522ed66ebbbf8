"""``manage.py ledger_bench``: how many eight-entry journals per second ``journal_post`` books.

It runs in a scratch database it creates and drops (never in the configured one: journals cannot be
deleted), first with one process, then with several, each process posting to its own eight accounts
(like players at different tables; contention on the same rows is what the race tests are for).
Where ``pgbench`` is installed and the database is PostgreSQL it also measures the machine's TPC-B
figure (``pgbench -c 4 -j 2 -T 20``) so the result can be read against the hardware. Prints JSON.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.db import connection, connections

from club.cli_types import at_least_one, seconds_above_zero

ACCOUNTS_PER_PROCESS = 8


def _setup(processes: int) -> tuple[int, list[list[int]]]:
    from club.models import Club, Membership, User
    from ledger.services import account_wallet, chips_grant

    owner = User.objects.create(username="bench-owner")
    club = Club.objects.create(name="Ledger bench", slug="ledger-bench", created_by=owner, grant_limit=10**9)
    Membership.objects.create(club=club, user=owner, role=Membership.Role.OWNER)
    groups: list[list[int]] = []
    for p in range(processes):
        ids = []
        for a in range(ACCOUNTS_PER_PROCESS):
            user = User.objects.create(username=f"bench-{p}-{a}")
            membership = Membership.objects.create(club=club, user=user)
            chips_grant(membership=membership, amount=10**9, actor=owner, reason="bench", approved=True)
            ids.append(account_wallet(membership=membership).pk)
        groups.append(ids)
    return club.pk, groups


def _worker(club_id: int, account_ids: list[int], seconds: float, tag: str, barrier: Any, out: Any) -> None:
    from club.models import Club
    from ledger.services import journal_post

    club = Club.objects.get(pk=club_id)
    latencies: list[float] = []
    barrier.wait()
    deadline = time.perf_counter() + seconds
    n = 0
    while time.perf_counter() < deadline:
        sign = 1 if n % 2 == 0 else -1  # alternate, so balances stay put
        lines = [(aid, sign * (1 if i % 2 == 0 else -1)) for i, aid in enumerate(account_ids)]
        started = time.perf_counter()
        journal_post(club=club, kind="adjustment", lines=lines, idempotency_key=f"bench:{tag}:{n}")
        latencies.append(time.perf_counter() - started)
        n += 1
    connections.close_all()
    out.put((n, seconds, latencies))


def _run(club_id: int, groups: list[list[int]], processes: int, seconds: float) -> dict[str, Any]:
    ctx = multiprocessing.get_context("fork")
    connections.close_all()  # a forked child must not share the parent's socket
    for conn in connections.all():
        # Nor its pool (the deployment's DB_POOL_SIZE): closing a pooled connection only hands it
        # back to the pool, and each child would take the same open session from its copy of it.
        if conn.vendor == "postgresql" and conn.settings_dict["OPTIONS"].get("pool"):
            conn.close_pool()
    barrier = ctx.Barrier(processes)
    out = ctx.Queue()
    procs = [
        ctx.Process(target=_worker, args=(club_id, groups[p], seconds, f"{processes}-{p}", barrier, out))
        for p in range(processes)
    ]
    for proc in procs:
        proc.start()
    results = [out.get(timeout=seconds + 120) for _ in procs]
    for proc in procs:
        proc.join(timeout=30)
    latencies = sorted(lat for _n, _s, lats in results for lat in lats)
    total = sum(n for n, _s, _l in results)
    return {
        "processes": processes,
        "journals": total,
        "journals_per_second": round(total / seconds, 1),
        "p50_ms": round(statistics.median(latencies) * 1000, 3) if latencies else None,
        "p99_ms": round(latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000, 3)
        if latencies
        else None,
    }


def _pgbench(seconds: int) -> dict[str, Any] | None:
    if connection.vendor != "postgresql" or not shutil.which("pgbench"):
        return None
    db = settings.DATABASES["default"]
    env = dict(os.environ)
    if db.get("PASSWORD"):
        env["PGPASSWORD"] = str(db["PASSWORD"])
    common = [
        "-h",
        str(db.get("HOST") or "localhost"),
        "-p",
        str(db.get("PORT") or 5432),
        "-U",
        str(db.get("USER") or "postgres"),
    ]
    name = f"ledger_bench_pgbench_{os.getpid()}"
    with connection.cursor() as cursor:
        cursor.execute(f'CREATE DATABASE "{name}"')
    try:
        subprocess.run(
            ["pgbench", *common, "-i", "-q", "-s", "4", name],
            env=env,
            check=True,
            capture_output=True,
            timeout=300,
        )
        done = subprocess.run(
            ["pgbench", *common, "-c", "4", "-j", "2", "-T", str(seconds), name],
            env=env,
            check=True,
            capture_output=True,
            text=True,
            timeout=seconds + 120,
        )
        match = re.search(r"tps = ([\d.]+) \(without initial connection time\)", done.stdout)
        return {"command": f"pgbench -c 4 -j 2 -T {seconds}", "tps": float(match.group(1)) if match else None}
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f'DROP DATABASE IF EXISTS "{name}"')


class Command(BaseCommand):
    help = "Benchmark journal_post (eight-entry journals per second) in a scratch database; prints JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--seconds", type=seconds_above_zero, default=10.0, help="length of each run")
        parser.add_argument(
            "--processes", type=at_least_one, default=4, help="processes of the concurrent run"
        )
        parser.add_argument("--pgbench-seconds", type=at_least_one, default=20)
        parser.add_argument("--no-pgbench", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        seconds: float = options["seconds"]
        processes: int = options["processes"]
        db = settings.DATABASES["default"]
        tmp = None
        if connection.vendor == "sqlite":
            fd, tmp = tempfile.mkstemp(suffix=".sqlite3")
            os.close(fd)
            db.setdefault("TEST", {})["NAME"] = tmp
        else:
            db.setdefault("TEST", {})["NAME"] = f"ledger_bench_{os.getpid()}"
        old_name = db["NAME"]  # create_test_db returns the new name, not the one to restore
        connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
        try:
            club_id, groups = _setup(max(processes, 1))
            runs = [_run(club_id, groups, 1, seconds), _run(club_id, groups, processes, seconds)]
            from ledger.services import ledger_verify

            differences, _accounts, _journals = ledger_verify()
        finally:
            connections.close_all()
            connection.creation.destroy_test_db(old_name, verbosity=0)
            if tmp is not None:
                # destroy_test_db removes a SQLite test file itself (Django 5.2): this one's gone.
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(tmp)
        result: dict[str, Any] = {
            "database": connection.vendor,
            "entries_per_journal": ACCOUNTS_PER_PROCESS,
            "seconds_per_run": seconds,
            "runs": runs,
            "books_consistent": not differences,
        }
        if not options["no_pgbench"]:
            pgbench = _pgbench(options["pgbench_seconds"])
            if pgbench is not None:
                result["pgbench"] = pgbench
                if pgbench["tps"]:
                    result["ratio_journals_to_pgbench_tps"] = round(
                        runs[-1]["journals_per_second"] / pgbench["tps"], 3
                    )
        self.stdout.write(json.dumps(result, indent=2))
