"""Production refuses insecure defaults, and `check --deploy` is clean when configured properly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in {"PYTEST_VERSION", "SECRET_KEY", "DEBUG",
                                                             "HTTPS_ONLY", "ALLOWED_HOSTS",
                                                             "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    base.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=base, capture_output=True, text=True, timeout=120
    )


def test_refuses_to_start_without_a_secret_key() -> None:
    result = _manage("check", DEBUG="0")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_refuses_the_insecure_development_key() -> None:
    result = _manage("check", DEBUG="0", SECRET_KEY="django-insecure-" + "x" * 60)
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_check_deploy_is_clean_with_debug_off() -> None:
    result = _manage(
        "check", "--deploy", "--fail-level", "WARNING",
        DEBUG="0", SECRET_KEY="k" + os.urandom(40).hex(), ALLOWED_HOSTS="khrap.example",
        EMAIL_HOST="smtp.khrap.example",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_warns_that_reset_links_go_to_the_logs_without_email_host() -> None:
    """With no EMAIL_HOST a reset mail is printed, link and all, to the server's output: whoever reads
    its logs could reset any account's password, and nothing said so."""
    env = {k: "" for k in ("EMAIL_HOST",)}
    result = _manage(
        "check", "--deploy", "--fail-level", "WARNING",
        DEBUG="0", SECRET_KEY="k" + os.urandom(40).hex(), ALLOWED_HOSTS="khrap.example", **env,
    )
    assert result.returncode != 0
    assert "club.W001" in result.stderr and "EMAIL_HOST is not set" in result.stderr


def test_debug_mode_runs_without_configuration() -> None:
    result = _manage("check", DEBUG="1")
    assert result.returncode == 0, result.stderr


def test_an_old_proxy_count_left_behind_does_not_stop_a_start_that_sets_the_new_one() -> None:
    """AXES_PROXY_COUNT=two (the old name, mistyped) stopped the start though TRUSTED_PROXY_COUNT=2
    was set and is the one read; and the old name's value above 20 went unchecked."""
    shown = "from django.conf import settings; print(settings.TRUSTED_PROXY_COUNT)"
    result = _manage("shell", "-c", shown, DEBUG="1", TRUSTED_PROXY_COUNT="2", AXES_PROXY_COUNT="two")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "2"
    result = _manage("check", DEBUG="1", AXES_PROXY_COUNT="99")
    assert result.returncode != 0 and "AXES_PROXY_COUNT='99'" in result.stderr
