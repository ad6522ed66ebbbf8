"""Review 141: the admin's "Move the start" page carries the start it showed (a hidden field, review
68). One at the calendar's edge, which the manager's clock cannot show (year 9999 seen from Tokyo,
year 1 from Los Angeles: a page kept from a damaged copy, or typed by hand), answered every move with
a server error. It is read as any unreadable start is: not checked, and the move is made."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


@pytest.mark.parametrize(
    ("zone", "shown"),
    [("Asia/Tokyo", "9999-12-31T23:59:00+00:00"), ("America/Los_Angeles", "0001-01-01T00:00:00+00:00")],
)
def test_a_shown_start_the_managers_clock_cannot_show_is_not_checked(make_table, owner, zone, shown):
    owner.time_zone = zone
    owner.save(update_fields=["time_zone"])
    table = make_table(starts_at=(timezone.now() + timedelta(days=2)).replace(second=0, microsecond=0))
    client = Client(raise_request_exception=False)
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(
        "/admin/games/tablesession/",
        {
            "action": "move_selected",
            "_selected_action": [str(table.pk)],
            "apply": "1",
            "starts_at": "2027-06-01T20:00",
            "shown_start": shown,
        },
    )
    assert response.status_code == 302
    table.refresh_from_db()
    assert timezone.localtime(table.starts_at, timezone.get_fixed_timezone(0)).year == 2027
