"""Review 141: a manager moving a table that has an end, in the admin, to a start at the calendar's
end (a slip of the keyboard: year 9999) got a server error: the end, moved with the start, fell past
the year 9999 before the start was checked. Now he reads that a table is scheduled at most a year
ahead, beside the start he typed, and the table stays where it was."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.services.errors import TableError
from games.services.schedule import session_move

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.fixture
def table(make_table):
    starts = (timezone.now() + timedelta(days=2)).replace(second=0, microsecond=0)
    return make_table(starts_at=starts, ends_at=starts + timedelta(hours=3))


def _client(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


@pytest.mark.parametrize("typed", ["9999-12-31T23:59", "9999-12-31T21:30"])
def test_the_admins_move_to_year_9999_is_refused_in_words(table, owner, typed):
    before = (table.starts_at, table.ends_at)
    response = _client(owner).post(
        "/admin/games/tablesession/",
        {"action": "move_selected", "_selected_action": [str(table.pk)], "apply": "1", "starts_at": typed},
    )
    assert response.status_code == 200
    assert "A table can be scheduled at most 365 days ahead." in response.content.decode()
    table.refresh_from_db()
    assert (table.starts_at, table.ends_at) == before


def test_the_service_says_starts_too_far_for_a_table_with_an_end(table, owner):
    far = timezone.now().replace(year=9999, month=12, day=31, hour=23, minute=0)
    with pytest.raises(TableError) as refused:
        session_move(session_id=table.pk, actor=owner, starts_at=far)
    assert refused.value.code == "starts_too_far"
