"""Review 64: a manager about to cancel a scheduled table, or skip its week, could not see who had
reserved its seats: the club page says only "2 of 4 seats reserved", and the table's page in the
admin listed its seats (nobody sits before the start) but no reservation. It now lists them: the
seat counted from 1, the member, the reservation's status in the reader's language, and when."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.services.schedule import reservation_cancel, seat_reserve

pytestmark = pytest.mark.django_db


def _client(user, language: str = "en") -> Client:
    user.preferred_language = language
    user.save(update_fields=["preferred_language"])
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _scheduled(make_table):
    starts = (timezone.now() + timedelta(days=2)).replace(second=0, microsecond=0)
    return make_table(starts_at=starts, ends_at=starts + timedelta(hours=3), repeat_weekly=True)


def test_the_tables_admin_page_lists_who_reserved(make_table, players, owner, make_user, make_club) -> None:
    table = _scheduled(make_table)
    seat_reserve(session_id=table.pk, user=players[0], position=2)
    seat_reserve(session_id=table.pk, user=players[1], position=0)
    reservation_cancel(session_id=table.pk, user=players[1])
    url = f"/admin/games/tablesession/{table.pk}/change/"

    page = _client(owner, "ru").get(url).content.decode()
    assert 'id="reservations-group"' in page
    group = page[page.index('id="reservations-group"'):]
    group = group[: group.index("</fieldset>")]
    assert "Брони мест" in group
    assert players[0].display_name in group and players[1].display_name in group
    # Seats counted from 1, as on the table's page; the statuses by name, not their codes.
    assert re.search(r'class="field-seat_number">\s*<p>3</p>', group)
    assert "Действует" in group and "Отменено" in group
    assert "место 3" in group and "место 1" in group
    assert "held" not in group and "cancelled" not in group and "+00:00" not in group

    # Another club's manager reaches neither the table nor who reserved it.
    rival = make_user("rival-reserve")
    make_club(rival, "Rival Reserve Club")
    body = _client(rival).get(url, follow=True).content.decode()
    assert players[0].display_name not in body
