"""The benchmarks keep working: each runs once at a tiny size against real daphne processes and
prints its JSON. Nothing here is timed; the numbers are the commands' business."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import call_command

pytestmark = pytest.mark.django_db(transaction=True)


def test_table_bench_runs_at_a_tiny_size():
    out = StringIO()
    servers = 2 if settings.REDIS_URL else 1
    call_command(
        "table_bench",
        "--tables",
        "1",
        "--servers",
        str(servers),
        # Long enough for a loaded machine's sockets to connect and move in the measured window: at
        # two seconds after one of warm-up the bare run counted no move once under CI load.
        "--seconds",
        "4",
        "--warmup",
        "2",
        "--interval",
        "0.05",
        stdout=out,
    )
    report = json.loads(out.getvalue())
    run = report["runs"][0]
    assert report["servers"] == servers and run["tables"] == 1 and run["sockets"] == 4
    assert run["site"]["moves"] > 0 and run["bare"]["moves"] > 0
    assert set(run["site"]["latency_ms"]) == {"p50", "p99", "max"}
    assert not run["site"]["errors"] and not run["site"]["stuck_tables"]
    assert "latency_p50" in run["ratio_site_to_bare"]


def test_pages_bench_times_the_pages_not_a_redirect_over_https(settings):
    # With HTTPS_ONLY on (a deployment's settings), plain HTTP answers 301: the in-process pass must
    # still time the pages, not the redirect (it once did, reporting 0.2 ms pages). The pass alone:
    # the whole command, its servers included, runs below.
    from games.management.commands._loadkit import BARE_PATH, pages_fixture
    from games.management.commands.pages_bench import Command

    settings.SECURE_SSL_REDIRECT = True
    fixture = pages_fixture(tables=1, deals=1, grants=1)
    report = Command()._in_process({**fixture["pages"], "bare": BARE_PATH}, fixture["cookie"], 2)
    assert set(report) == {"lobby", "club", "my_chips", "table", "deal", "bare"}
    for page, measured in report.items():
        assert measured["status"] == 200, page


def test_pages_bench_runs_at_a_tiny_size():
    out = StringIO()
    call_command(
        "pages_bench",
        "--tables",
        "1",
        "--deals",
        "1",
        "--grants",
        "1",
        "--requests",
        "2",
        "--seconds",
        "0.5",
        "--concurrency",
        "2",
        "--servers",
        "2",
        "--rate",
        "20",
        stdout=out,
    )
    report = json.loads(out.getvalue())
    pages = {"lobby", "club", "my_chips", "table", "deal", "bare"}
    assert (
        set(report["in_process"]) == set(report["one_process"]) == set(report["production"]["pages"]) == pages
    )
    for page, measured in report["in_process"].items():
        assert measured["status"] == 200, page
    for page, measured in report["one_process"].items():
        assert measured["errors"] == 0 and measured["saturated_per_s"] > 0, page
    for page, measured in report["production"]["pages"].items():
        assert measured["errors"] == 0 and measured["requests"] == 10, page
