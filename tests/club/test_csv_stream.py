"""CSV exports stream in bounded memory: over ASGI (daphne) from an asynchronous iterator, chunk by
chunk (Django reads a synchronous one whole into memory before the first byte), and every row is
written once, in order, however many rows share a time."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from django.test import AsyncClient
from django.utils import timezone

from club import csv_stream
from club.models import AuditLog, User

from .conftest import logged_in

pytestmark = pytest.mark.django_db

EXPORT = "/admin/club/auditlog/export.csv"


@pytest.fixture
def root(root, make_club) -> User:
    make_club(root, "Export Club")  # the log is shown to those who see a club
    return root


@pytest.fixture
def log_rows(root) -> list[int]:
    """Seven rows, three of them at one instant (the keyset must tell them apart by id), written out
    of time order."""
    now = timezone.now().replace(microsecond=0)
    times = [
        now,
        now - timedelta(hours=1),
        now,
        now - timedelta(days=1),
        now,
        now + timedelta(seconds=1),
        now,
    ]
    return [
        AuditLog.objects.create(action="club.updated", actor=root, target=f"row {n}", created_at=at).pk
        for n, at in enumerate(times)
    ]


def _targets(body: str) -> list[str]:
    return [row[4] for row in list(csv.reader(io.StringIO(body)))[1:]]


def _expected() -> list[str]:
    return [row.target_label for row in AuditLog.objects.order_by("created_at", "id")]


def test_every_row_once_in_order_across_chunks(root, log_rows, monkeypatch):
    monkeypatch.setattr(csv_stream, "CHUNK_ROWS", 2)
    response = logged_in(root).get(EXPORT)
    assert response.status_code == 200 and response.streaming
    raw = b"".join(response.streaming_content)
    # Excel reads a CSV as UTF-8 only after a byte-order mark: Cyrillic names came out garbled.
    assert raw.startswith("\ufeff".encode())
    body = raw.decode("utf-8-sig")
    assert _targets(body) == _expected()
    assert len(_targets(body)) == 8  # the club's creation and the seven


def test_over_asgi_it_streams_from_an_async_iterator_in_the_readers_language(root, log_rows, monkeypatch):
    monkeypatch.setattr(csv_stream, "CHUNK_ROWS", 3)
    client = AsyncClient()
    client.force_login(root, backend="django.contrib.auth.backends.ModelBackend")

    async def fetch() -> tuple[bool, list[bytes]]:
        response = await client.get(EXPORT, headers={"accept-language": "ru"})
        assert response.status_code == 200
        return response.is_async, [part async for part in response.streaming_content]

    is_async, parts = async_to_sync(fetch)()
    # A synchronous iterator would have been read whole before sending (one part, and a warning).
    assert is_async
    assert len(parts) == 3  # the club's creation and the seven rows, in chunks of 3: a part per chunk
    body = b"".join(parts).decode("utf-8-sig")
    assert body.splitlines()[0].startswith("время,клуб")
    assert "Настройки клуба изменены" in body
    assert _targets(body) == _expected()


def test_an_empty_export_is_the_header_alone(root):
    body = b"".join(logged_in(root).get(EXPORT).streaming_content).decode("utf-8-sig")
    lines = body.splitlines()
    assert lines[0] == "time,club,who,action,on,details"
    assert all("Club created" in line for line in lines[1:])  # only the fixture's club
