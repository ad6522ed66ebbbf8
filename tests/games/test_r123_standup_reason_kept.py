"""A manager's plain "Stand up" form at a table (no JavaScript), refused for its reason (a character
the site refuses), went back to the table's page with its box closed and the reason gone (review
123). The page is shown again with that seat's box open holding the reason typed, the refusal on
top; a stand-up taken still goes back to the table's page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from games.models import Seat

from .conftest import sit_all

pytestmark = pytest.mark.django_db

REASON = "Slept through three deals"


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_a_refused_stand_up_keeps_its_reason(make_table, players, owner):
    table = make_table()
    sit_all(table, players[:2])
    seat = Seat.objects.get(session=table, member__user=players[1])
    sent = {"do": "standup", "position": "2", "seat": str(seat.pk), "reason": f"{REASON}\u202e"}
    response = _client(owner).post(f"/tables/{table.pk}/standup/", sent)
    assert response.status_code == 200
    page = response.content.decode()
    box = page[page.index('id="standup-box-2"') :]
    box = box[: box.index("</details>")]
    assert '" open><summary' in box, box
    assert f'value="{REASON}\u202e"' in box, box
    assert "invisible characters" in page
    assert Seat.objects.filter(pk=seat.pk, member__user=players[1]).exists()
    # The other seats' boxes stay closed and empty.
    other = page[page.index('id="standup-box-1"') :]
    assert REASON not in other[: other.index("</details>")]


def test_a_stand_up_taken_goes_back_to_the_table(make_table, players, owner):
    table = make_table()
    sit_all(table, players[:2])
    seat = Seat.objects.get(session=table, member__user=players[1])
    sent = {"do": "standup", "position": "2", "seat": str(seat.pk), "reason": REASON}
    response = _client(owner).post(f"/tables/{table.pk}/standup/", sent)
    assert response.status_code == 302
