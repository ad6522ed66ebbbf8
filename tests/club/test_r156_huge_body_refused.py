"""Review 156: a POST of 50 MB to any page (the log-in form, a club's grant form) was read whole
before anything looked at it: a form's fields went to memory until Django's own limit refused them
with a bare "Bad request" (the NUL check read the form first and let the refusal pass), and a file
in a multipart body was written to a temporary file on the server's disk, all 50 MB, though the site
takes no file at all. A body over the limit is now refused at once with a 413 page in the reader's
language, from its Content-Length, before anything reads it; under ASGI a body sent without a length
is read only up to the limit."""

from __future__ import annotations

import asyncio
import time

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from club.body_limit import BodyLimit

from .conftest import client_for

pytestmark = pytest.mark.django_db

FIFTY_MB = 50 * 1024 * 1024


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


class Counting:
    """A body that says how much of it was read."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.read_bytes = 0

    def chunks(self, chunk: int = 1024 * 1024):
        while self.read_bytes < self.size:
            step = min(chunk, self.size - self.read_bytes)
            self.read_bytes += step
            yield b"a" * step


def test_a_huge_form_is_refused_with_413_in_the_readers_language(club, member) -> None:
    client = client_for(member)
    client.cookies["django_language"] = "ru"
    body = "reason=" + "x" * FIFTY_MB
    started = time.monotonic()
    answer = client.post(
        f"/clubs/{club.slug}/chips/grant/", body, content_type="application/x-www-form-urlencoded"
    )
    assert answer.status_code == 413
    assert "Слишком" in answer.content.decode()
    assert time.monotonic() - started < 5


def test_a_huge_file_is_refused_without_being_written(club, member, tmp_path, settings) -> None:
    settings.FILE_UPLOAD_TEMP_DIR = str(tmp_path)
    boundary = "BoUnDaRy"
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n'
            f"Content-Type: application/octet-stream\r\n\r\n"
        ).encode()
        + b"\0" * FIFTY_MB
        + f"\r\n--{boundary}--\r\n".encode()
    )
    answer = Client().post("/accounts/login/", body, content_type=f"multipart/form-data; boundary={boundary}")
    assert answer.status_code == 413
    assert list(tmp_path.iterdir()) == []


def test_a_form_under_the_limit_still_works(client) -> None:
    assert client.post("/accounts/login/", {"username": "x", "password": "y"}).status_code in (200, 403)


def _asgi(app, scope: dict, body: Counting) -> tuple[list[dict], int]:
    sent: list[dict] = []
    chunks = body.chunks()

    async def receive() -> dict:
        piece = next(chunks, b"")
        return {"type": "http.request", "body": piece, "more_body": body.read_bytes < body.size}

    async def send(message: dict) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    return sent, body.read_bytes


def _scope(headers: list[tuple[bytes, bytes]]) -> dict:
    return {"type": "http", "method": "POST", "path": "/accounts/login/", "headers": headers}


def test_under_asgi_a_declared_huge_body_is_never_read() -> None:
    seen: list[dict] = []

    async def app(scope, receive, send) -> None:
        message = await receive()
        seen.append({"scope": scope, "body": message.get("body", b"")})
        await send({"type": "http.response.start", "status": 413, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    body = Counting(FIFTY_MB)
    _sent, read = _asgi(BodyLimit(app), _scope([(b"content-length", str(FIFTY_MB).encode())]), body)
    assert read == 0
    assert seen and seen[0]["body"] == b""


def test_under_asgi_a_body_without_a_length_is_read_up_to_the_limit() -> None:
    seen: list[dict] = []

    async def app(scope, receive, send) -> None:
        message = await receive()
        while message.get("more_body"):
            message = await receive()
        seen.append(scope)

    body = Counting(FIFTY_MB)
    _asgi(BodyLimit(app), _scope([]), body)
    assert body.read_bytes <= settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1024 * 1024
    assert seen and seen[0].get("khrap.body_too_large") is True


def _through_django(headers: list[tuple[bytes, bytes]], body: Counting) -> tuple[int, int]:
    """The site's own ASGI stack for HTTP (Django's handler behind ``BodyLimit``): the answer's
    status, and how much of the body was read."""
    from django.core.asgi import get_asgi_application

    app = BodyLimit(get_asgi_application())
    chunks = body.chunks()
    statuses: list[int] = []

    async def receive() -> dict:
        piece = next(chunks, None)
        if piece is None:
            await asyncio.Event().wait()  # a client waiting for the answer: Django stops listening
        return {"type": "http.request", "body": piece, "more_body": body.read_bytes < body.size}

    async def send(message: dict) -> None:
        if message["type"] == "http.response.start":
            statuses.append(message["status"])

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/accounts/login/",
        "raw_path": b"/accounts/login/",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"localhost"), *headers],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }
    asyncio.run(asyncio.wait_for(app(scope, receive, send), timeout=20))
    return statuses[0], body.read_bytes


@pytest.mark.parametrize("declared", [True, False])
def test_the_site_answers_413_under_asgi(declared: bool) -> None:
    body = Counting(FIFTY_MB)
    headers = [(b"content-type", b"application/x-www-form-urlencoded")]
    if declared:
        headers.append((b"content-length", str(FIFTY_MB).encode()))
    status, read = _through_django(headers, body)
    assert status == 413
    assert read == 0 if declared else read <= settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1024 * 1024
