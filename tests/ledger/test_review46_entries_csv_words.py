"""The ledger entries' CSV a manager downloads from the admin had English column names ("entry",
"balance_after", "memo") and English codes for the kinds ("grant", "wallet") whatever his language,
where the moderation log's and the statement's CSV speak his language."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from club.models import User
from ledger.services import chips_grant

pytestmark = pytest.mark.django_db

BACKEND = "django.contrib.auth.backends.ModelBackend"


def _rows(user: User, language: str) -> list[list[str]]:
    client = Client()
    client.force_login(user, backend=BACKEND)
    client.cookies["django_language"] = language
    response = client.get(reverse("admin:ledger_entry_export"), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode().lstrip("\ufeff"))))


@pytest.mark.parametrize(
    ("language", "header", "kinds"),
    [
        (
            "ru",
            ["запись", "время", "клуб", "проводка", "вид", "ключ идемпотентности", "счёт", "вид счёта",
             "участник", "стол", "сумма", "баланс после", "примечание",
             "сторно проводки"],
            {("Выдача", "Казна"), ("Выдача", "Кошелёк")},
        ),
        (
            "bg",
            ["запис", "време", "клуб", "операция", "вид", "ключ за идемпотентност", "сметка", "вид сметка",
             "член", "маса", "сума", "салдо след", "бележка", "сторно на"],
            {("Отпускане", "Хазна"), ("Отпускане", "Портфейл")},
        ),
    ],
)
def test_the_entries_csv_speaks_the_managers_language(club, owner, member_factory, language, header, kinds):
    member = member_factory()
    chips_grant(membership=member, amount=5, actor=owner, reason="start")
    header_row, *rows = _rows(owner, language)
    assert header_row == header
    assert {(row[4], row[7]) for row in rows} == kinds
    assert sorted(int(row[10]) for row in rows) == [-5, 5]  # numbers stay numbers
