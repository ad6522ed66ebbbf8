"""``manage.py jobs_bench``: how fast a real Celery worker expires turn deadlines at 100 running tables,
and how late each timeout move lands after its deadline. Prints JSON.

It runs in a scratch database it creates and drops (never the configured one: journals cannot be
deleted), on a Redis queue of its own, and starts the worker itself (``celery -A club worker``, the
pool of ``make serve``). Every table is a classic four-seat table whose four players have gone away,
so every move of every deal is a deadline the worker expires (``games.turn_expire``), and each move's
commit publishes the next deadline's task, as in production.

1. Throughput: every next deadline is due at once (``TABLE_AWAY_DELAY=0``); deadlines expired per
   second, from the first publish to the last move, while every table plays its deal out.
2. Lag: each next deadline comes ``--delays`` seconds after the move before it (the offered load is
   tables / delay deadlines per second; one run per delay); for every move, the time from its
   deadline to the move (its ``DealAction.created_at``, the time the worker applied it).

Half of a move's cost in the worker is its broadcast: on commit, every seat's view of the table is
computed and sent through the channel layer (``games.broadcast``), as for any move.
"""

from __future__ import annotations

import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection, connections
from django.utils import timezone

from ._loadkit import at_least_one, seconds_list

ROOT = Path(__file__).resolve().parents[3]


def _database_url() -> str:
    params = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{params['NAME']}"
    user = params.get("USER") or ""
    password = f":{params['PASSWORD']}" if params.get("PASSWORD") else ""
    host = params.get("HOST") or "127.0.0.1"
    port = f":{params['PORT']}" if params.get("PORT") else ""
    return f"postgres://{user}{password}@{host}{port}/{params['NAME']}"


def _percentile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


class Bench:
    def __init__(self, *, tables: int, concurrency: int, log: Path) -> None:
        self.tables = tables
        self.concurrency = concurrency
        self.queue = f"jobs-bench-{os.getpid()}-{uuid.uuid4().hex[:6]}"
        self.log = log
        self.worker: subprocess.Popen[bytes] | None = None

    # --- set-up ---------------------------------------------------------------------------------------

    def setup(self) -> list[int]:
        from club import services as club_services
        from club.models import Club, Membership, User
        from games.services import table_session_create, table_sit
        from ledger.services import chips_grant

        owner = User.objects.create(username="bench-owner")
        club = club_services.club_create(user=owner, name="Jobs bench")
        Club.objects.filter(pk=club.pk).update(grant_limit=10**9)
        club.refresh_from_db()
        people = []
        for n in range(4):
            user = User.objects.create(username=f"bench-player-{n}")
            club_services.membership_join(club=club, user=user)
            membership = Membership.objects.get(club=club, user=user)
            chips_grant(
                membership=membership, amount=1000 * self.tables, actor=owner, reason="bench", approved=True
            )
            people.append(user)
        tables = []
        for t in range(self.tables):
            table = table_session_create(
                club=club,
                actor=owner,
                title=f"Bench {t + 1}",
                preset="classic",
                stake=5,
                seat_count=4,
                buy_in_min=100,
                buy_in_max=500,
            )
            for position, user in enumerate(people):
                table_sit(session_id=table.pk, user=user, position=position, buy_in=500)
            tables.append(table.pk)
        return tables

    def deal_everywhere(self, tables: list[int], delay: float) -> dict[int, Any]:
        """A new deal at every table, its players away; returns the first deadline of each deal."""
        from games.models import Deal, Seat, TableSession
        from games.services import session_deal_if_due

        Seat.objects.filter(session_id__in=tables, member__isnull=False).exclude(
            status=Seat.Status.LEFT
        ).update(status=Seat.Status.SITTING, away_deals=0)
        TableSession.objects.filter(pk__in=tables).update(next_deal_at=timezone.now())
        for table_id in tables:
            session_deal_if_due(session_id=table_id)
        Seat.objects.filter(session_id__in=tables, member__isnull=False).exclude(
            status=Seat.Status.LEFT
        ).update(status=Seat.Status.AWAY)
        # The first deadlines spread evenly over one delay (tables are not in step in real life):
        # the offered load is even, not a burst of every table at once.
        start = timezone.now() + timedelta(seconds=max(delay, 0.5))
        ids = list(
            Deal.objects.filter(session_id__in=tables, finished_at__isnull=True).values_list("pk", flat=True)
        )
        deadlines = {pk: start + timedelta(seconds=delay * i / len(ids)) for i, pk in enumerate(ids)}
        for pk, deadline in deadlines.items():
            Deal.objects.filter(pk=pk).update(deadline=deadline)
        return deadlines

    # --- the worker -----------------------------------------------------------------------------------

    def start_worker(self, delay: float) -> None:
        env = {
            **os.environ,
            "DATABASE_URL": _database_url(),
            "CELERY_QUEUE": self.queue,
            "TABLE_CLOCK": "celery",
            "TABLE_AWAY_DELAY": str(delay),
            "TABLE_DEAL_PAUSE": "86400",  # one deal per table and phase
        }
        argv = [
            sys.executable, "-m", "celery", "-A", "club", "worker", "--loglevel=WARNING",
            "--pool=prefork", f"--concurrency={self.concurrency}", f"--hostname={self.queue}@%h",
            "--without-mingle", "--without-gossip", "--without-heartbeat",
        ]  # fmt: skip
        with self.log.open("ab") as out:
            self.worker = subprocess.Popen(
                argv, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        from club.celery import app

        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.worker.poll() is not None:
                raise CommandError(f"the worker exited: {self.log.read_text()[-2000:]}")
            try:
                replies = app.control.ping(timeout=0.5)
            except Exception:
                replies = []
            if any(name.startswith(f"{self.queue}@") for reply in replies for name in reply):
                return
            time.sleep(0.2)
        raise CommandError("the worker did not start within 60 s")

    def stop_worker(self) -> None:
        if self.worker is not None and self.worker.poll() is None:
            os.killpg(self.worker.pid, 15)
            try:
                self.worker.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.worker.pid, 9)
        self.worker = None

    def publish(self, deadlines: dict[int, Any]) -> None:
        from games.jobs import job_publish

        for deal_id, deadline in deadlines.items():
            job_publish("games.turn_expire", kwargs={"deal_id": deal_id, "seq": 0}, eta=deadline)

    def wait_done(self, deals: list[int], timeout: float) -> bool:
        from games.models import Deal

        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if not Deal.objects.filter(pk__in=deals, finished_at__isnull=True).exists():
                return True
            time.sleep(0.25)
        return False

    def cleanup_redis(self) -> None:
        import redis

        client = redis.Redis.from_url(settings.REDIS_URL)
        for key in client.scan_iter(match=f"*{self.queue}*"):
            client.delete(key)
        client.close()

    # --- the two runs ---------------------------------------------------------------------------------

    def throughput(self, tables: list[int], timeout: float) -> dict[str, Any]:
        from games.models import DealAction

        self.start_worker(0.0)
        try:
            deadlines = self.deal_everywhere(tables, 0.0)
            started = timezone.now()
            self.publish(deadlines)
            finished = self.wait_done(list(deadlines), timeout)
        finally:
            self.stop_worker()
        moves = DealAction.objects.filter(deal_id__in=list(deadlines))
        last = max(moves.values_list("created_at", flat=True), default=started)
        seconds = max((last - started).total_seconds(), 1e-6)
        return {
            "running_tables": len(deadlines),
            "deadlines_expired": moves.count(),
            "seconds": round(seconds, 3),
            "deadlines_per_second": round(moves.count() / seconds, 1),
            "all_deals_finished": finished,
        }

    def lag(self, tables: list[int], delay: float, timeout: float) -> dict[str, Any]:
        from games.models import DealAction

        self.start_worker(delay)
        try:
            deadlines = self.deal_everywhere(tables, delay)
            self.publish(deadlines)
            finished = self.wait_done(list(deadlines), timeout)
        finally:
            self.stop_worker()
        lags: list[float] = []
        rows = DealAction.objects.filter(deal_id__in=list(deadlines)).order_by("deal_id", "seq")
        previous: dict[int, Any] = {}
        for deal_id, created_at in rows.values_list("deal_id", "created_at"):
            due = (
                deadlines[deal_id]
                if deal_id not in previous
                else previous[deal_id] + timedelta(seconds=delay)
            )
            lags.append((created_at - due).total_seconds() * 1000)
            previous[deal_id] = created_at
        return {
            "running_tables": len(deadlines),
            "delay_seconds": delay,
            "offered_deadlines_per_second": round(len(deadlines) / delay, 1) if delay else None,
            "moves": len(lags),
            "lag_p50_ms": round(statistics.median(lags), 1) if lags else None,
            "lag_p99_ms": round(_percentile(lags, 0.99), 1) if lags else None,
            "lag_max_ms": round(max(lags), 1) if lags else None,
            "early_moves": sum(1 for lag in lags if lag < -50),
            "all_deals_finished": finished,
        }


class Command(BaseCommand):
    help = "Benchmark the Celery worker's turn deadlines at 100 running tables; prints JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tables", type=at_least_one, default=100)
        parser.add_argument(
            "--delays",
            type=seconds_list,
            default="5,2",
            help="seconds from each move to the next deadline, one lag run each (default: 5,2: a load the "
            "worker keeps up with at 100 tables, then more than it can)",
        )
        parser.add_argument(
            "--concurrency", type=at_least_one, default=2, help="worker processes (make serve: 2)"
        )
        parser.add_argument("--timeout", type=float, default=300.0, help="longest wait for a run")

    def handle(self, *args: Any, **options: Any) -> None:
        if not settings.REDIS_URL:
            raise CommandError("jobs_bench needs a broker: set REDIS_URL (and DATABASE_URL for PostgreSQL).")
        db = settings.DATABASES["default"]
        tmp = None
        if connection.vendor == "sqlite":
            fd, tmp = tempfile.mkstemp(suffix=".sqlite3")
            os.close(fd)
            db.setdefault("TEST", {})["NAME"] = tmp
        else:
            db.setdefault("TEST", {})["NAME"] = f"jobs_bench_{os.getpid()}"
        old_name = db["NAME"]
        os.environ["TABLE_FIRST_DEAL_PAUSE"] = "0"
        # This process publishes only the first deadline of each deal (to the bench's queue); the
        # worker's own commits publish every later one.
        settings.TABLE_CLOCK = "ticker"
        connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
        log = Path(tempfile.gettempdir()) / f"jobs-bench-{os.getpid()}.log"
        bench = Bench(tables=options["tables"], concurrency=options["concurrency"], log=log)
        settings.CELERY_TASK_DEFAULT_QUEUE = bench.queue
        try:
            tables = bench.setup()
            throughput = bench.throughput(tables, options["timeout"])
            lags = [bench.lag(tables, float(d), options["timeout"]) for d in options["delays"].split(",")]
            from ledger.services import ledger_verify

            differences, _accounts, _journals = ledger_verify()
        finally:
            bench.stop_worker()
            bench.cleanup_redis()
            connections.close_all()
            connection.creation.destroy_test_db(old_name, verbosity=0)
            if tmp is not None:
                # destroy_test_db removes a SQLite test file itself (Django 5.2): this one's gone.
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(tmp)
        result = {
            "database": connection.vendor,
            "broker": "redis",
            "worker": {"pool": "prefork", "concurrency": options["concurrency"]},
            "cpus": os.cpu_count(),
            "tables": options["tables"],
            "throughput": throughput,
            "lag": lags,
            "books_consistent": not differences,
            "worker_log": str(log),
        }
        self.stdout.write(json.dumps(result, indent=2))
