"""Review 32: the language switch's cookie carries the attributes the session's does in production.

Django sends ``django_language`` with no Secure, HttpOnly or SameSite attribute unless told: behind
HTTPS_ONLY the session and CSRF cookies were marked Secure, the language cookie went out on plain HTTP
too, and any page script could read it. Checked in a process started with the production settings
(they are read at start-up from the environment).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_SCRIPT = """
import django
django.setup()
from django.test import Client
from django.conf import settings
response = Client().post(
    "/i18n/setlang/", {"language": "ru", "next": "/"}, secure=True, HTTP_HOST="khrap.example"
)
morsel = response.cookies[settings.LANGUAGE_COOKIE_NAME]
print(response.status_code, repr(morsel.value), bool(morsel["secure"]), bool(morsel["httponly"]),
      morsel["samesite"])
"""


def _production(*, https_only: str) -> str:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"PYTEST_VERSION", "DEBUG", "HTTPS_ONLY", "ALLOWED_HOSTS", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    }
    env.update(
        DJANGO_SETTINGS_MODULE="club.settings",
        DEBUG="0",
        HTTPS_ONLY=https_only,
        ALLOWED_HOSTS="khrap.example",
        SECRET_KEY="k" + "0123456789abcdef" * 4,
        PYTHONPATH=str(ROOT),
    )
    result = subprocess.run(
        [sys.executable, "-c", _SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]


def test_the_language_cookie_is_secure_httponly_and_lax_in_production() -> None:
    assert _production(https_only="1") == "302 'ru' True True Lax"


def test_a_plain_http_deployment_does_not_mark_it_secure() -> None:
    # HTTPS_ONLY=0 serves plain HTTP (a LAN demo): a Secure cookie would never come back.
    assert _production(https_only="0") == "302 'ru' False True Lax"
