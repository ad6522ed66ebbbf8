"""Failed-login throttling sees the real client, in the shipped production shape.

The fault: `make serve`, the Dockerfile and compose ran daphne with --proxy-headers, and daphne takes
the *first* X-Forwarded-For entry as the peer: a client rotating that header got unlimited password
guesses. AXES_PROXY_COUNT did nothing (django-ipware is not installed), and behind a proxy without
the flag five wrong passwords locked a user out for everyone.

The real-server tests start daphne as `make serve` does (its flags read from the Makefile) against a
throwaway SQLite file, and rotate the header over more than five failed logins.
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import shlex
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.test import RequestFactory

from club.client_ip import axes_client_ip, client_ip

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "a-Long-enough-pass-42"


# --- the rule -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("count, forwarded, expected", [
    (0, "", "10.0.0.5"),
    (0, "1.2.3.4", "10.0.0.5"),                       # no proxy: the header is the client's own words
    (1, "", "10.0.0.5"),                              # the proxy did not say
    (1, "203.0.113.7", "203.0.113.7"),
    (1, "6.6.6.6, 203.0.113.7", "203.0.113.7"),       # the client wrote 6.6.6.6; the proxy appended
    (1, "6.6.6.6, 7.7.7.7, 203.0.113.7", "203.0.113.7"),
    (2, "6.6.6.6, 203.0.113.7, 10.1.1.1", "203.0.113.7"),
    (2, "203.0.113.7", "203.0.113.7"),                # fewer hops than proxies: the left-most there is
    (1, "6.6.6.6, [2001:db8::7]:443", "2001:db8::7"),
    (1, "6.6.6.6, 203.0.113.7:5123", "203.0.113.7"),
    (1, "6.6.6.6, not-an-address", "10.0.0.5"),
    (1, " , ", "10.0.0.5"),
])
def test_client_is_the_right_most_hop_not_written_by_the_client(count, forwarded, expected):
    meta = {"REMOTE_ADDR": "10.0.0.5", "HTTP_X_FORWARDED_FOR": forwarded}
    assert client_ip(meta, proxy_count=count) == expected


def test_axes_asks_the_same_rule(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    request = RequestFactory().get("/", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.7", REMOTE_ADDR="10.0.0.5")
    assert axes_client_ip(request) == "203.0.113.7"
    assert settings.AXES_CLIENT_IP_CALLABLE == "club.client_ip.axes_client_ip"


def test_no_shipped_command_runs_daphne_with_proxy_headers():
    for name in ("Makefile", "docker/Dockerfile", "docker/compose.yaml"):
        commands = [line for line in (ROOT / name).read_text().splitlines()
                    if "daphne" in line and not line.lstrip().startswith(("#", "@#"))]
        assert commands, name
        assert not any("--proxy-headers" in line for line in commands), name


# --- a real daphne ------------------------------------------------------------------------------------


def _serve_flags() -> list[str]:
    """daphne's flags in `make serve`, with host and port left out."""
    recipe = (ROOT / "Makefile").read_text().split("\nserve:", 1)[1]
    line = next(line for line in recipe.splitlines() if "/daphne " in line)
    args = shlex.split(line.split("/daphne ", 1)[1])
    flags = []
    skip = False
    for i, arg in enumerate(args):
        if skip:
            skip = False
            continue
        if arg in ("-b", "-p"):
            skip = True
            continue
        if arg == args[-1] and i == len(args) - 1:  # the application
            continue
        flags.append(arg)
    return flags


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env(db: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in {"DATABASE_URL", "REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE", "TEST_DATABASE_NAME",
                        "TRUSTED_PROXY_COUNT", "AXES_PROXY_COUNT", "BEHIND_PROXY"}}
    env.update(DATABASE_URL=f"sqlite:///{db}", HTTPS_ONLY="0", DEBUG="0", **extra)
    env.setdefault("PYTEST_VERSION", "1")  # the settings' test mode: a throwaway key, plain HTTP
    return env


@pytest.fixture(scope="module")
def database(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("daphne") / "db.sqlite3"
    run = {"cwd": ROOT, "env": _env(db), "check": True, "capture_output": True, "timeout": 120}
    subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v0"], **run)
    script = ("from club.models import User\n"
              "for name in ('anna', 'boris', 'vera'):\n"
              f"    User.objects.create_user(name, f'{{name}}@example.org', {PASSWORD!r})\n")
    subprocess.run([sys.executable, "manage.py", "shell", "-c", script], **run)
    return db


class Server:
    def __init__(self, db: Path, **env: str) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
                   *_serve_flags(), "club.asgi:application"]
        self.process = subprocess.Popen(command, cwd=ROOT, env=_env(db, **env),
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(self.process.stderr.read().decode())
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("daphne did not start")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()

    def log_in(self, username: str, password: str, forwarded_for: str | None = None) -> int:
        """One log-in attempt from a fresh browser; the answer's status (302 in, 200 wrong, 429 locked)."""
        jar = http.cookiejar.CookieJar()

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)
        headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
        page = opener.open(urllib.request.Request(f"{self.url}/accounts/login/", headers=headers), timeout=30)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.read().decode()).group(1)
        body = urllib.parse.urlencode(
            {"username": username, "password": password, "csrfmiddlewaretoken": token}
        ).encode()
        try:
            answer = opener.open(urllib.request.Request(f"{self.url}/accounts/login/", data=body,
                                                        headers=headers), timeout=30)
            return answer.status
        except urllib.error.HTTPError as exc:
            return exc.code


@pytest.fixture
def serve(database) -> Iterator:
    servers: list[Server] = []

    def start(**env: str) -> Server:
        servers.append(Server(database, **env))
        return servers[-1]

    yield start
    for server in servers:
        server.stop()


def test_without_a_proxy_a_rotated_header_does_not_escape_the_lockout(serve):
    server = serve(TRUSTED_PROXY_COUNT="0")
    for i in range(6):
        assert server.log_in("anna", "wrong", forwarded_for=f"198.18.0.{i + 1}") in (200, 429)
    assert server.log_in("anna", PASSWORD, forwarded_for="198.18.0.99") == 429


def test_behind_one_proxy_the_client_rotating_the_header_is_still_locked_out(serve):
    """The proxy appends the address it saw (203.0.113.7); the client writes what he likes before it."""
    server = serve(BEHIND_PROXY="1")  # one trusted proxy by default
    for i in range(6):
        status = server.log_in("boris", "wrong", forwarded_for=f"198.18.0.{i + 1}, 203.0.113.7")
        assert status in (200, 429)
    assert server.log_in("boris", PASSWORD, forwarded_for="198.18.0.99, 203.0.113.7") == 429
    # ... but Boris himself, from another address behind the same proxy, is not locked out.
    assert server.log_in("boris", PASSWORD, forwarded_for="198.51.100.20") == 302


def test_behind_a_proxy_five_wrong_passwords_lock_out_one_client_not_everyone(serve):
    server = serve(TRUSTED_PROXY_COUNT="1")
    for _ in range(5):
        server.log_in("vera", "wrong", forwarded_for="203.0.113.66")
    assert server.log_in("vera", PASSWORD, forwarded_for="203.0.113.66") == 429
    assert server.log_in("vera", PASSWORD, forwarded_for="192.0.2.10") == 302
