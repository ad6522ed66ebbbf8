"""A posting process killed with SIGKILL leaves the whole journal or nothing, and the books check out.

The child is a separate Python process posting through journal_post against the test database; an
execute wrapper (test code, in the child only) pauses it right after a chosen statement so the kill
lands inside the transaction.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from django.core.management import call_command
from django.db import connection

from club.models import Club
from ledger.models import Account, Entry, Journal
from ledger.services import account_treasury, account_wallet, journal_post

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import itertools, os, sys, time
import django
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")
django.setup()
from django.db import connection
from club.models import Club
from ledger.services import journal_post

mode, club_id, a, b = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
club = Club.objects.get(pk=club_id)
if mode == "loop":
    for i in itertools.count():
        journal_post(club=club, kind="adjustment", lines=[(a, -1), (b, 1)] if i % 2 else [(a, 1), (b, -1)],
                     idempotency_key=f"loop:{i}")
        print("posted", i, flush=True)
else:
    def pause(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if mode in sql:
            print("PAUSED", flush=True)
            time.sleep(120)
        return result
    with connection.execute_wrapper(pause):
        journal_post(club=club, kind="adjustment", lines=[(a, -5), (b, 5)], idempotency_key="killed")
    print("DONE", flush=True)
"""


def _database_url() -> str:
    s = connection.settings_dict
    auth = quote(s["USER"] or "postgres") + (":" + quote(s["PASSWORD"]) if s["PASSWORD"] else "")
    return f"postgres://{auth}@{s['HOST'] or 'localhost'}:{s['PORT'] or 5432}/{s['NAME']}"


def _spawn(*args: object) -> subprocess.Popen[str]:
    env = {**os.environ, "DATABASE_URL": _database_url(), "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, *map(str, args)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _wait_for(proc: subprocess.Popen[str], word: str, count: int = 1, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    seen = 0
    while seen < count:
        assert time.monotonic() < deadline, "the child did not get there in time"
        line = proc.stdout.readline()
        if not line:
            raise AssertionError(f"the child ended early: {proc.stderr.read()[-2000:]}")
        seen += word in line


def _kill(proc: subprocess.Popen[str]) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    # The server notices the dead client and rolls back; wait until its session is gone.
    deadline = time.monotonic() + 30
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                " AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%%'"
            )
            if cursor.fetchone()[0] == 0:
                break
            time.sleep(0.05)


@pytest.fixture
def accounts(club: Club, member_factory) -> tuple[Club, Account, Account]:
    treasury = account_treasury(club=club)
    a = account_wallet(membership=member_factory())
    b = account_wallet(membership=member_factory())
    journal_post(club=club, kind="grant", lines=[(treasury, -100), (a, 100)], idempotency_key="fund-a")
    journal_post(club=club, kind="grant", lines=[(treasury, -100), (b, 100)], idempotency_key="fund-b")
    return club, a, b


@pytest.mark.parametrize(
    "pause_after", ["INSERT INTO ledger_journal", "FOR UPDATE", "INSERT INTO ledger_entry"]
)
def test_kill_inside_journal_post_leaves_nothing(accounts, pause_after: str) -> None:
    club, a, b = accounts
    proc = _spawn(pause_after, club.pk, a.pk, b.pk)
    try:
        _wait_for(proc, "PAUSED")
        _kill(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert not Journal.objects.filter(idempotency_key="killed").exists()
    assert Entry.objects.count() == 4
    assert Account.objects.get(pk=a.pk).balance == 100
    assert Account.objects.get(pk=b.pk).balance == 100
    call_command("ledger_check")  # raises CommandError (exit 1) on any difference
    # The accounts are not left locked: the next posting goes through.
    journal_post(club=club, kind="adjustment", lines=[(a, -5), (b, 5)], idempotency_key="killed")


def test_kill_while_posting_in_a_loop_leaves_whole_journals(accounts) -> None:
    club, a, b = accounts
    for round_ in range(3):
        proc = _spawn("loop", club.pk, a.pk, b.pk)
        try:
            _wait_for(proc, "posted", count=20 + 17 * round_)
            _kill(proc)
        finally:
            if proc.poll() is None:
                proc.kill()
        # Every journal that exists is whole: two entries that cancel out.
        for journal in Journal.objects.filter(idempotency_key__startswith="loop:").prefetch_related(
            "entries"
        ):
            amounts = [e.amount for e in journal.entries.all()]
            assert len(amounts) == 2 and sum(amounts) == 0
        call_command("ledger_check")
        # the next child starts its keys at 0 again: those already booked return the first journal
    total = Account.objects.filter(pk__in=[a.pk, b.pk]).values_list("balance", flat=True)
    assert sum(total) == 200
