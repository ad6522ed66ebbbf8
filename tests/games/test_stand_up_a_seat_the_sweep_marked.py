"""The table page offered a manager no "Stand up…" on a seat already leaving, the inactivity sweep's
leave included (review 31's note): the service takes a manager's stand-up of such a seat (with his
reason, and no coming back), so the page offers it; a leave the player asked for himself still shows
none."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from games.models import Seat

from .conftest import sit_all, start_deal


def _manager_page(owner, table) -> str:
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    return client.get(reverse("table_page", args=[table.pk])).content.decode()


def _offers_stand_up(page: str, name: str) -> bool:
    seat = page.split(f'<span class="seat-name">{name}', 1)[1].split("</li>", 1)[0]
    return 'class="standup"' in seat


def test_the_sweeps_leave_still_offers_stand_up(make_table, players, owner):
    table = make_table(turn_seconds=600)
    sit_all(table, players)
    start_deal(table)
    vera, gleb = (Seat.objects.get(session=table, member__user=u) for u in players[:2])
    Seat.objects.filter(pk=vera.pk).update(leave_after_deal=True, idle_leave=True)  # the sweep's
    Seat.objects.filter(pk=gleb.pk).update(leave_after_deal=True, idle_leave=False)  # his own
    page = _manager_page(owner, table)
    assert _offers_stand_up(page, vera.name)
    assert not _offers_stand_up(page, gleb.name)
    assert page.count("leaves after this deal") >= 2
