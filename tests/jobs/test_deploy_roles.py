"""docker/compose.yaml's database roles, end to end on PostgreSQL: the shipped roles script
(docker/db-init/10-roles.sql) in a scratch database, ``migrate`` as the owner role (compose's migrate
service), and then, as the application role (compose's web, worker and beat), what those processes
do: seed the demo club (DEBUG=1), serve pages and the admin, sit at a table and leave it (chips
through the ledger), run every job of beat's schedule and ``ledger_check``. The application role
cannot migrate.

The scratch database and throw-away roles are tests/ledger/test_db_roles.py's ``scratch`` fixture
(roles are cluster-wide, so not the real names; tests/jobs/test_deploy.py checks compose uses the
script's default names).
"""

from __future__ import annotations

import subprocess
import sys

import psycopg
import pytest

from tests.ledger.test_db_roles import ROOT, _env, _url, scratch  # noqa: F401  (fixture)

pytestmark = pytest.mark.postgres

# What web, the worker and beat do, run as the application role after seed_demo.
APP_CODE = r"""
from django.test import Client

from club.models import Club, User
from games import tasks
from games.models import TableSession
from games.services import table_leave, table_sit

club = Club.objects.get(name="Demo Club")
table = TableSession.objects.get(club=club, title="Practice with bots")
vera = User.objects.get(username="vera")
table_sit(session_id=table.pk, user=vera, position=0, buy_in=500)
assert table_leave(session_id=table.pk, user=vera) is True

pages = Client()
pages.force_login(User.objects.get(username="anna"), backend="django.contrib.auth.backends.ModelBackend")
for url in (f"/clubs/{club.slug}/", f"/tables/{table.pk}/", f"/tables/{table.pk}/ledger/"):
    response = pages.get(url)
    assert response.status_code == 200, (url, response.status_code)
admin = Client()
admin.force_login(User.objects.get(username="admin"), backend="django.contrib.auth.backends.ModelBackend")
for url in ("/admin/", "/admin/ledger/journal/", "/admin/club/auditlog/", "/admin/axes/accessattempt/"):
    response = admin.get(url)
    assert response.status_code == 200, (url, response.status_code)

# Every job of beat's schedule (README, Background jobs), as the worker runs it.
for job in (tasks.tables_sweep_job, tasks.stats_sweep_job, tasks.tables_idle_sweep_job,
            tasks.members_dormant_job, tasks.stats_recompute_job, tasks.collusion_scan_job):
    job()
print("APP-OK")
"""


def _manage(database_url: str, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**_env(database_url), **env},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_compose_roles_migrate_as_owner_and_run_the_site_as_app(scratch) -> None:  # noqa: F811
    app_url = _url(scratch["app"], scratch["app_password"], scratch["db"])

    # The owner's migrate (the fixture) left nothing for anyone to apply, so `make serve`'s own migrate,
    # run with the application role's URL, has nothing to do and succeeds.
    done = _manage(app_url, "migrate", "--check", "--no-input")
    assert done.returncode == 0, done.stderr[-3000:]
    done = _manage(app_url, "migrate", "--no-input")
    assert done.returncode == 0 and "No migrations to apply" in done.stdout, done.stderr[-3000:]

    done = _manage(app_url, "seed_demo", DEBUG="1")
    assert done.returncode == 0 and "Demo Club" in done.stdout, done.stderr[-3000:]

    done = _manage(app_url, "shell", "-c", APP_CODE, DEBUG="1", ALLOWED_HOSTS="testserver")
    assert done.returncode == 0 and "APP-OK" in done.stdout, (done.stdout[-2000:], done.stderr[-3000:])

    done = _manage(app_url, "ledger_check")
    assert done.returncode == 0 and "ledger_check: ok" in done.stdout, done.stderr[-3000:]

    # The application role cannot run a migration, not even by mistake: unapplying one needs DDL.
    done = _manage(app_url, "migrate", "games", "zero", "--no-input")
    assert done.returncode != 0
    assert "must be owner" in done.stderr or "permission denied" in done.stderr, done.stderr[-3000:]
    assert _manage(app_url, "migrate", "--check", "--no-input").returncode == 0

    with psycopg.connect(app_url) as app:
        journals = app.execute("SELECT count(*) FROM ledger_journal").fetchone()[0]
        # Five starting grants, the buy-ins of three bots and a person, and the person's cash-out.
        assert journals >= 7, journals
        owned = app.execute(
            "SELECT count(*) FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner"
            " WHERE r.rolname = current_user"
        ).fetchone()[0]
        assert owned == 0
