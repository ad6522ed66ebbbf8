"""Review 119: a player whose chips at the table had fallen below the stake is dealt into no deal that
needs an ante, and bots are no longer dealt among themselves beside him: his page said only "Waiting
for players" (or showed the last deal) for good. It says why now, and what to do."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from games.models import Seat
from games.services import practice_table_open, tables_tick
from games.services.booking import seat_account
from ledger.models import Journal
from ledger.services import account_treasury, journal_post

pytestmark = pytest.mark.django_db

SAID = 'id="short-stack"'


@pytest.fixture(autouse=True)
def _no_time_zone():
    yield
    timezone.deactivate()


def _page(user, table) -> str:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client.get(f"/tables/{table.pk}/").content.decode()


def test_a_player_below_the_stake_is_told_why_nothing_is_dealt(players, club):
    vera = players[0]
    table = practice_table_open(club=club, user=vera, preset="frap", bots=3)
    assert SAID not in _page(vera, table)
    mine = Seat.objects.get(session=table, member__user=vera)
    journal_post(
        club=club,
        kind=Journal.Kind.ADJUSTMENT,
        idempotency_key="r119:short",
        lines=[(seat_account(mine, "stack"), -497), (account_treasury(club=club), 497)],
    )
    tables_tick(timezone.now())
    page = _page(vera, table)
    assert SAID in page
    assert "Your stack is below the stake" in page
    assert SAID not in _page(players[1], table)  # a watcher is not told of his stack
