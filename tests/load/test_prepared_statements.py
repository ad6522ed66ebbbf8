"""PostgreSQL plans a page's queries once per connection (server-side parameters, prepared statements),
and DB_PREPARED_STATEMENTS=0 turns that off."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from club.models import User

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's (CI runs on it)"
)


def _prepared_statements() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


@pytest.mark.django_db
def test_a_page_read_again_runs_statements_the_database_planned_once(client) -> None:
    user = User.objects.create_user("prepared", password="pw-prepared-1")
    client.force_login(user)
    before = len(_prepared_statements())
    for _ in range(3):
        assert client.get("/").status_code == 200
    statements = _prepared_statements()
    assert len(statements) > before
    # The session's read is the first query of every page a member opens.
    assert any("django_session" in sql and "$1" in sql for sql in statements), statements


def _options(**env: str) -> str:
    base = {k: v for k, v in os.environ.items() if k != "DB_PREPARED_STATEMENTS"}
    base.update(env, DATABASE_URL="postgres://u@127.0.0.1:5432/x", DEBUG="1")
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'club.settings');"
            "from django.conf import settings;"
            "o = settings.DATABASES['default'].get('OPTIONS', {});"
            "print(o.get('server_side_binding'), o.get('prepare_threshold'))",
        ],
        cwd=ROOT,
        env=base,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_on_by_default_and_off_when_asked() -> None:
    assert _options() == "True 2"
    assert _options(DB_PREPARED_STATEMENTS="0") == "None None"
