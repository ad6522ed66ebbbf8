"""Review 127: a table a manager called off before its start vanished from "Coming up" on the club
page and on the home page without a word: a member who had reserved a seat there (or only planned to
come) looked for it and found nothing, nor why. Until its start it stays listed, said to be
cancelled, with no seat offered to reserve."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.services.schedule import seat_reserve, session_cancel

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _coming_up(user, url: str, language: str = "en") -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(url).content.decode()
    found = re.search(r'<section class="card" id="upcoming">.*?</section>', page, re.S)
    return found.group(0) if found else ""


def _called_off(make_table, players, owner):
    starts = timezone.now().replace(second=0, microsecond=0) + timedelta(days=1)
    table = make_table(starts_at=starts)
    seat_reserve(session_id=table.pk, user=players[0], position=1)
    session_cancel(session_id=table.pk, actor=owner)
    return table


def test_a_called_off_table_is_listed_as_cancelled(make_table, players, owner, club):
    table = _called_off(make_table, players, owner)
    for url in (club.get_absolute_url(), "/"):
        listed = _coming_up(players[0], url)
        assert table.title in listed
        assert "cancelled" in listed
        assert f'action="/tables/{table.pk}/' not in listed  # no seat to reserve, no reservation to cancel


def test_it_is_said_in_the_readers_language(make_table, players, owner, club):
    _called_off(make_table, players, owner)
    assert "отменён" in _coming_up(players[0], club.get_absolute_url(), "ru")
    assert "отменена" in _coming_up(players[0], club.get_absolute_url(), "bg")


def test_once_its_start_has_passed_it_is_listed_no_more(make_table, players, owner, club):
    table = _called_off(make_table, players, owner)
    table.starts_at = timezone.now() - timedelta(minutes=1)
    table.save(update_fields=["starts_at"])
    assert table.title not in _coming_up(players[0], club.get_absolute_url())
