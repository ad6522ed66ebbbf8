"""The database roles of docs/deploy-database.md, for real: docker/db-init/10-roles.sql run by psql in
a scratch database, ``migrate`` run as the owner role, the site's code run as the application role,
and every way the application role might switch the ledger's rules off, tried and refused.

Roles are cluster-wide: these get throw-away names (``ledger_hard_*``) and are dropped, with the
scratch database, whatever the outcome.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest
from django.conf import settings

from tests.conftest import in_ci

pytestmark = pytest.mark.postgres
ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docker" / "db-init" / "10-roles.sql"

APP_CODE = r"""
import time

from club.models import Club, Membership, User
from ledger.services import chips_grant, ledger_reconcile_run

boss = User.objects.create(username="boss")
club = Club.objects.create(name="Roles", slug="roles", created_by=boss)
Membership.objects.create(club=club, user=boss, role="owner")
member = Membership.objects.create(club=club, user=User.objects.create(username="member"))
chips_grant(membership=member, amount=42, actor=boss, reason="posted as the application role")
from ledger.models import Checkpoint

deadline = time.monotonic() + 60
while True:  # checks, and seals the grant into the hash chain (once no older transaction is open)
    run = ledger_reconcile_run()
    assert run.ok, run.differences
    if Checkpoint.objects.filter(journals=1).exists():
        break
    assert time.monotonic() < deadline, "the grant was never sealed"
    time.sleep(0.2)
print("APP-OK", run.journals_checked)
"""

# What the application role must not be able to do; each runs in its own transaction.
FORBIDDEN = {
    "disable all triggers": "ALTER TABLE ledger_entry DISABLE TRIGGER ALL",
    "disable one trigger": "ALTER TABLE ledger_journal DISABLE TRIGGER ledger_journal_append_only",
    "drop a trigger": "DROP TRIGGER ledger_entry_append_only ON ledger_entry",
    "replace a rule's function": (
        "CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql"
        " AS $$ BEGIN RETURN NEW; END $$"
    ),
    "replica mode (skips triggers)": "SET session_replication_role = replica",
    "truncate": "TRUNCATE ledger_entry",
    "truncate with the test switch": "SET ledger.allow_truncate = 'on'; TRUNCATE ledger_entry",
    "update an entry": "UPDATE ledger_entry SET amount = amount",
    "delete a journal": "DELETE FROM ledger_journal",
    "rewrite a checkpoint": "UPDATE ledger_checkpoint SET hash = prev_hash",
    "create a table": "CREATE TABLE ledger_shadow (id int)",
    "become the owner": "SET ROLE {owner}",
    "make itself superuser": "ALTER ROLE {app} SUPERUSER",
}


def _server() -> dict[str, str]:
    db = settings.DATABASES["default"]
    return {"host": str(db.get("HOST") or "127.0.0.1"), "port": str(db.get("PORT") or 5432)}


def _url(role: str, password: str, dbname: str) -> str:
    s = _server()
    return f"postgres://{quote(role)}:{quote(password)}@{s['host']}:{s['port']}/{dbname}"


def _env(database_url: str) -> dict[str, str]:
    """The production shape: no pytest, no test database name, a real secret key, no Redis."""
    dropped = {"PYTEST_VERSION", "TEST_DATABASE_NAME", "REDIS_URL"}
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update(DATABASE_URL=database_url, SECRET_KEY=secrets.token_urlsafe(64), DEBUG="0")
    return env


@pytest.fixture
def scratch():
    """A scratch database with the two roles made by the shipped script, migrated by the owner."""
    if not shutil.which("psql"):
        # CI runs the shipped roles script: a CI machine without the client fails, it does not skip.
        if in_ci():
            pytest.fail("needs the psql client to run docker/db-init/10-roles.sql (CI must run it)")
        pytest.skip("needs the psql client to run docker/db-init/10-roles.sql")
    suffix = secrets.token_hex(5)
    names = {
        "owner": f"ledger_hard_owner_{suffix}",
        "app": f"ledger_hard_app_{suffix}",
        "db": f"ledger_hard_db_{suffix}",
        "owner_password": secrets.token_urlsafe(16),
        "app_password": secrets.token_urlsafe(16),
    }
    db = settings.DATABASES["default"]
    admin = psycopg.connect(
        **_server(), user=db.get("USER") or "postgres", password=db.get("PASSWORD") or None,
        dbname="postgres", autocommit=True,
    )
    admin.execute(f'CREATE DATABASE "{names["db"]}"')
    try:
        env = dict(
            os.environ, KHRAP_OWNER_PASSWORD=names["owner_password"], KHRAP_APP_PASSWORD=names["app_password"]
        )
        if db.get("PASSWORD"):
            env["PGPASSWORD"] = str(db["PASSWORD"])
        subprocess.run(
            ["psql", "-X", "-q", "-h", _server()["host"], "-p", _server()["port"],
             "-U", db.get("USER") or "postgres", "-d", names["db"],
             "-v", f"owner_role={names['owner']}", "-v", f"app_role={names['app']}", "-f", str(SCRIPT)],
            env=env, check=True, capture_output=True, text=True, timeout=60,
        )
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--no-input", "-v0"],
            cwd=ROOT, env=_env(_url(names["owner"], names["owner_password"], names["db"])),
            check=True, capture_output=True, text=True, timeout=300,
        )
        yield names
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{names["db"]}" WITH (FORCE)')
        admin.execute(f'DROP ROLE IF EXISTS "{names["app"]}"')
        admin.execute(f'DROP ROLE IF EXISTS "{names["owner"]}"')
        admin.close()


def test_the_app_role_posts_journals_but_cannot_switch_the_rules_off(scratch) -> None:
    app_url = _url(scratch["app"], scratch["app_password"], scratch["db"])
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", APP_CODE],
        cwd=ROOT, env=_env(app_url), capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0 and "APP-OK 1" in done.stdout, done.stderr[-3000:]

    with psycopg.connect(app_url, autocommit=True) as app:
        owned = app.execute(
            "SELECT count(*) FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner"
            " WHERE r.rolname = current_user"
        ).fetchone()[0]
        assert owned == 0
        allowed, other_errors = [], {}
        for name, sql in FORBIDDEN.items():
            try:
                with app.transaction():
                    app.execute(sql.format(owner=scratch["owner"], app=scratch["app"]))
            except psycopg.Error as exc:
                # Refused for want of a right (42501) or by the ledger's own rules (23000). Any other
                # error (a statement mistyped, a column or trigger renamed, a rule that crashes)
                # refused nothing: it would have hidden a role that may do it.
                if exc.sqlstate not in {"42501", "23000"}:
                    other_errors[name] = f"{exc.sqlstate}: {exc}"
                continue
            allowed.append(name)
        assert allowed == [], f"the application role could: {allowed}"
        assert other_errors == {}, other_errors
        assert app.execute("SELECT count(*) FROM ledger_entry").fetchone()[0] == 2

    # Every table the migrations made belongs to the owner, who alone may lift the TRUNCATE guard
    # (Django's test flush does, as the owner).
    owner_url = _url(scratch["owner"], scratch["owner_password"], scratch["db"])
    with psycopg.connect(owner_url) as owner:
        strangers = owner.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tableowner <> current_user"
        ).fetchall()
        assert strangers == []
        owner.execute("SET LOCAL ledger.allow_truncate = 'on'")
        owner.execute("TRUNCATE ledger_entry, ledger_journal CASCADE")
        owner.rollback()
