"""Review 70: once seating opened, the club page's table list offered "Sit down" at a table whose free
seats were all reserved for others ("1 of 4 seats taken"), while "Coming up" above it said "3 of 4
seats reserved" and the table's page offered no seat. The list counts held seats as not free."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from club import services as club_services
from games.services import table_sit, tables_tick
from games.services.schedule import seat_reserve

pytestmark = pytest.mark.django_db


def _tables_section(user, club) -> str:
    client = Client()
    client.force_login(user)
    page = client.get(club.get_absolute_url()).content.decode()
    return page.split('id="tables"', 1)[1].split("</section>", 1)[0]


def test_no_sit_down_where_every_free_seat_is_reserved(make_table, players, club, make_user):
    starts = timezone.now().replace(second=0, microsecond=0) + timedelta(minutes=10)
    table = make_table(starts_at=starts, ends_at=starts + timedelta(hours=2))
    tables_tick(timezone.now())
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    for position, user in enumerate(players[1:3], start=1):
        seat_reserve(session_id=table.pk, user=user, position=position)
    section = _tables_section(players[3], club)
    assert f'href="/tables/{table.pk}/#seats"' in section  # seat 4 is still free
    seat_reserve(session_id=table.pk, user=players[3], position=3)
    late = make_user("lateman")
    club_services.membership_join(club=club, user=late)
    section = _tables_section(late, club)
    assert f'href="/tables/{table.pk}/#seats"' not in section
    assert f'href="/tables/{table.pk}/"' in section  # "Watch"
