"""Review 74: the manager's admin pages in Russian and Bulgarian, as read (and heard) there."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from club.models import Membership
from games.models import Reservation

pytestmark = [pytest.mark.django_db]


def _text(page: str) -> str:
    body = re.sub(r"<script.*?</script>", "", page, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


def _client(user, language: str) -> Client:
    user.preferred_language = language
    user.save(update_fields=["preferred_language"])
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


@pytest.mark.parametrize(
    ("language", "member", "status"), [("ru", "Участник", "Статус"), ("bg", "Член", "Статус")]
)
def test_a_tables_reservations_are_headed_in_the_managers_language(
    make_table, players, owner, language, member, status
) -> None:
    """A table's page in the admin listed its reservations under "Member" and "Status" in English:
    the reservation's fields had no names of their own."""
    table = make_table()
    Reservation.objects.create(session=table, member=Membership.objects.get(user=players[0]), position=1)
    page = _client(owner, language).get(f"/admin/games/tablesession/{table.pk}/change/")
    text = _text(page.content.decode())
    headers = text.split("Vera", 1)[0]
    assert " Member " not in headers, headers[-400:]
    assert " Status " not in headers, headers[-400:]
    assert member in text and status in text
