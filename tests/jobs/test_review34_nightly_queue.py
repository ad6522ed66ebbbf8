"""Review 34: the nightly jobs (the ledger's reconciliation, the stats recount, the collusion scan,
the dormant mark) went to the one queue the tables' clock uses, taken by the one worker of
`make serve` and compose (two processes). Each reads the whole books or deal log; once those are long,
two of them at once held both processes, and meanwhile no turn expired, no bot moved and no table
opened, at every table. They have a queue, and a worker, of their own."""

from __future__ import annotations

import re
import shlex

from celery.schedules import crontab
from django.conf import settings

from club.celery import app

from .test_deploy import ROOT, _compose

CLOCK_TASKS = (
    "games.turn_expire",
    "games.deal_if_due",
    "games.tables_sweep",
    "games.stats_count",
    "games.stats_sweep",
    "games.tables_idle_sweep",
)


def _queue(task: str) -> str:
    return app.amqp.router.route({}, task)["queue"].name


def _nightly_tasks() -> list[str]:
    entries = settings.CELERY_BEAT_SCHEDULE.values()
    return [entry["task"] for entry in entries if isinstance(entry["schedule"], crontab)]


def test_the_nightly_jobs_have_a_queue_of_their_own() -> None:
    nightly = _nightly_tasks()
    assert len(nightly) == 4
    for task in [*nightly, "ledger.tasks.ledger_reconcile"]:
        assert _queue(task) != settings.CELERY_TASK_DEFAULT_QUEUE, task
        assert _queue(task) == settings.NIGHTLY_QUEUE, task


def test_a_worker_without_queues_takes_the_clock_and_the_nightly_jobs() -> None:
    """A deployment of one plain worker (`celery -A club worker`) still runs the nightly jobs: they
    waited in a queue nobody read."""
    # Without --queues a worker consumes every queue the app declares.
    declared = {queue.name: queue for queue in app.conf.task_queues}
    clock, nightly = settings.CELERY_TASK_DEFAULT_QUEUE, settings.NIGHTLY_QUEUE
    assert set(declared) == {clock, nightly}
    # Each on its own exchange and key: on one key each queue would get every task sent to either
    # (a nightly job run twice, by both workers).
    assert declared[clock].exchange.name != declared[nightly].exchange.name
    assert declared[clock].routing_key != declared[nightly].routing_key


def test_the_clock_stays_on_the_queue_of_the_worker_without_queues() -> None:
    for task in CLOCK_TASKS:
        assert _queue(task) == settings.CELERY_TASK_DEFAULT_QUEUE, task


def _queues_option(command: str) -> list[str]:
    return [arg.split("=", 1)[1] for arg in shlex.split(command) if arg.startswith("--queues=")]


def test_compose_runs_a_worker_for_the_nightly_queue_beside_the_clock_worker() -> None:
    services = _compose()["services"]
    assert _queues_option(services["worker"]["command"]) == ["celery"]  # the clock's queue only
    nightly = services["nightly"]
    assert "celery -A club worker" in nightly["command"]
    # compose sets no CELERY_QUEUE: the default queue's nightly queue.
    assert "CELERY_QUEUE" not in nightly["environment"]
    assert _queues_option(nightly["command"]) == ["celery.nightly"]
    assert nightly["depends_on"]["migrate"] == {"condition": "service_completed_successfully"}


def test_make_serve_runs_a_worker_for_the_nightly_queue() -> None:
    serve = (ROOT / "Makefile").read_text().split("\nserve:", 1)[1].split("\n\n", 1)[0]
    workers = re.findall(r"celery -A club worker[^&]*&", serve.replace("\\\n", " "))
    assert len(workers) == 2, workers
    assert "--queues=$${CELERY_QUEUE:-celery}" in workers[0]  # the clock's queue only
    assert "--queues=$${CELERY_NIGHTLY_QUEUE:-$${CELERY_QUEUE:-celery}.nightly}" in workers[1]
