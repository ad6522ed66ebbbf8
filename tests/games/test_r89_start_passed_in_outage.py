"""Review 89: a table whose start passed while the table's clock was down (the worker and beat, or
every server) still said "This table starts 20:00 ..." at 20:10, on its page and in the club's
"Coming up" list. Both now say it is starting, late."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.models import TableSession

pytestmark = pytest.mark.django_db


def _page(user, url: str) -> str:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client.get(url).content.decode()


@pytest.fixture
def overdue(make_table):
    table = make_table(starts_at=timezone.now() + timedelta(days=1))
    # The clock stood still: the start went by with nothing run (no opening, no start).
    TableSession.objects.filter(pk=table.pk).update(starts_at=timezone.now() - timedelta(minutes=10))
    table.refresh_from_db()
    assert table.status == TableSession.Status.SCHEDULED and table.started_at is None
    return table


def test_the_table_page_says_it_is_starting_late(overdue, players):
    page = _page(players[0], f"/tables/{overdue.pk}/")
    assert 'id="table-starts"' in page
    assert "This table starts" not in page, page
    assert ">This table was to start" in page and "is starting, late" in page


def test_a_table_to_come_still_says_when_it_starts(make_table, players):
    table = make_table(starts_at=timezone.now() + timedelta(days=1))
    page = _page(players[0], f"/tables/{table.pk}/")
    assert ">This table starts" in page and ">This table was to start" not in page


def test_the_club_page_says_it_is_starting_late(overdue, players, club):
    page = _page(players[0], club.get_absolute_url())
    assert "Coming up" in page
    assert "starting late" in page


def test_in_russian(overdue, players):
    players[0].preferred_language = "ru"
    players[0].save(update_fields=["preferred_language"])
    page = _page(players[0], f"/tables/{overdue.pk}/")
    assert "начинается с опозданием" in page
