"""The production shape runs the worker and beat: `make serve` and docker/compose.yaml, where web,
worker and beat start only after migrate has finished."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]


def test_compose_starts_web_worker_and_beat_after_migrate() -> None:
    compose = (ROOT / "docker" / "compose.yaml").read_text()
    assert "migrate: {condition: service_completed_successfully}" in compose
    services = dict(re.findall(r"^  (\w+):\n((?:    .*\n|\n)*)", compose, flags=re.MULTILINE))
    for name in ("web", "worker", "beat"):
        # Its own depends_on, not a merge list (parsers differ on which mapping of one wins).
        assert "depends_on: *after-migrate" in services[name], name
    assert "celery -A club worker" in services["worker"]
    assert "celery -A club beat" in services["beat"]
    assert "after-migrate" not in services["migrate"]
    assert "TABLE_CLOCK: ${TABLE_CLOCK:-celery}" in compose


def test_make_serve_runs_daphne_a_worker_and_beat_after_migrate() -> None:
    makefile = (ROOT / "Makefile").read_text()
    serve = makefile.split("\nserve:", 1)[1].split("\n\n", 1)[0]
    assert serve.startswith(" migrate")
    for command in ("celery -A club worker", "celery -A club beat", "daphne"):
        assert command in serve, command


# --- docker/compose.yaml parsed: the database roles of docs/deploy-database.md ---------------------------

COMPOSE = ROOT / "docker" / "compose.yaml"
ROLES_SQL = ROOT / "docker" / "db-init" / "10-roles.sql"
APP_PROCESSES = ("web", "worker", "nightly", "beat")


def _compose() -> dict:
    import yaml  # a test dependency (pyproject's test extras): these tests must not skip in CI

    return yaml.safe_load(COMPOSE.read_text())


def _interpolate(value: str) -> str:
    """What docker compose makes of ``${VAR:-default}`` with VAR unset (``${VAR:?msg}`` must not be
    used for a URL: the test would not know its value)."""
    assert "${" not in re.sub(r"\$\{\w+:-[^}]*\}", "", value), value
    return re.sub(r"\$\{\w+:-([^}]*)\}", r"\1", value)


def _script_default(name: str) -> str:
    return re.search(rf"\\set {name} (\w+)", ROLES_SQL.read_text()).group(1)


def test_compose_is_yaml_with_the_services_of_the_production_shape() -> None:
    services = _compose()["services"]
    assert set(services) == {"postgres", "redis", "migrate", *APP_PROCESSES}
    for name in APP_PROCESSES:
        assert services[name]["depends_on"]["migrate"] == {"condition": "service_completed_successfully"}
        assert services[name]["build"]["dockerfile"] == "docker/Dockerfile"
    assert "migrate" not in services["migrate"]["depends_on"]
    assert services["migrate"]["command"] == "python manage.py migrate --no-input"


def test_compose_mounts_the_roles_script_into_the_postgres_init_directory() -> None:
    postgres = _compose()["services"]["postgres"]
    mounts = [v.split(":") for v in postgres["volumes"]]
    init = [m for m in mounts if m[1] == "/docker-entrypoint-initdb.d"]
    assert len(init) == 1, mounts
    assert (COMPOSE.parent / init[0][0]).resolve() == ROLES_SQL.parent
    assert ROLES_SQL.exists()
    env = postgres["environment"]
    # The script reads both passwords from the postgres container's environment (psql \getenv).
    for var in ("KHRAP_OWNER_PASSWORD", "KHRAP_APP_PASSWORD"):
        assert f"\\getenv {'owner' if 'OWNER' in var else 'app'}_password {var}" in ROLES_SQL.read_text()
        assert _interpolate(env[var]), var
    assert env["POSTGRES_DB"] == "khrap"


def test_compose_migrates_as_the_owner_and_runs_the_site_as_the_app_role() -> None:
    compose = _compose()
    services = compose["services"]
    pg_env = services["postgres"]["environment"]
    owner, app = _script_default("owner_role"), _script_default("app_role")
    assert (owner, app) == ("khrap_owner", "khrap_app")
    expected = {
        "migrate": (owner, "KHRAP_OWNER_PASSWORD"),
        **{n: (app, "KHRAP_APP_PASSWORD") for n in APP_PROCESSES},
    }
    for name, (role, password_var) in expected.items():
        raw = services[name]["environment"]["DATABASE_URL"]
        url = urlsplit(_interpolate(raw))
        assert (url.scheme, url.username, url.hostname, url.path) == (
            "postgres",
            role,
            "postgres",
            "/khrap",
        ), name
        # The same password the roles script was given, and its default the same too.
        assert f"${{{password_var}:-" in raw, name
        assert url.password == _interpolate(pg_env[password_var]), name
        # Everything else the site reads is the same for every application container.
        rest = {k: v for k, v in services[name]["environment"].items() if k != "DATABASE_URL"}
        assert rest == compose["x-app-env"], name


def test_the_superuser_stays_in_the_postgres_container() -> None:
    services = _compose()["services"]
    pg_env = services["postgres"]["environment"]
    superuser = pg_env["POSTGRES_USER"]
    assert superuser not in {"khrap_owner", "khrap_app"}
    for name, service in services.items():
        if name == "postgres":
            continue
        env = service.get("environment") or {}
        text = "\n".join(f"{k}={v}" for k, v in env.items())
        assert "POSTGRES_PASSWORD" not in text, name
        assert "POSTGRES_USER" not in text, name
        if "DATABASE_URL" in env:
            assert urlsplit(_interpolate(env["DATABASE_URL"])).username != superuser, name
