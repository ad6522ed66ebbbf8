"""Review 133: a buy-in typed far past any table's range in the plain "Sit down" form (or a bot's)
was answered "That message could not be read: “Chips to bring” must be at most 1000000000000000.",
the sentence of a malformed socket message, naming a bound that is not the table's. He is told the
table's range, as for any other buy-in outside it, and nothing is booked."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from ledger.models import Journal

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_time_zone() -> None:
    timezone.deactivate()


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


HUGE = ["1000000000000001", "99999999999999999999", "0" * 40 + "600", " 10000000000000000 "]


@pytest.mark.parametrize("typed", HUGE)
def test_a_huge_buy_in_is_told_the_tables_range(players, make_table, typed):
    table = make_table()
    vera = players[0]
    before = Journal.objects.count()
    page = _client(vera).post(f"/tables/{table.pk}/sit/", {"position": "1", "buy_in": typed}, follow=True)
    shown = [str(m) for m in page.context["messages"]]
    assert shown == ["Bring between 100 and 500 chips to this table."], shown
    assert not table.seats.filter(member__user=vera).exists()
    assert Journal.objects.count() == before


@pytest.mark.parametrize("typed", HUGE)
def test_a_huge_bot_buy_in_is_told_the_tables_range(players, make_table, owner, typed):
    table = make_table()
    page = _client(owner).post(
        f"/tables/{table.pk}/bots/", {"do": "bot", "position": "3", "buy_in": typed}, follow=True
    )
    shown = [str(m) for m in page.context["messages"]]
    assert shown == ["Bring between 100 and 500 chips to this table."], shown
    assert not table.seats.filter(position=2).exists()

