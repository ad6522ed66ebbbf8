"""Review 70: past a table's end time its running deal is its last (the table closes when it ends),
yet a member could still sit down at a free seat: his chips went to the table, no deal would ever
deal him in, and the close sent him home a minute later, a sit of his hour's limit spent. The page
offered him the seat. He is told the table's time is over, and offered no seat."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.models import Deal, Seat, TableSession
from games.services import TableError, table_sit, tables_tick
from ledger.services import account_wallet

pytestmark = pytest.mark.django_db

T0 = timezone.now().replace(microsecond=0) + timedelta(days=1)


@pytest.fixture
def last_deal(make_table, players):
    table = make_table(starts_at=T0, ends_at=T0 + timedelta(hours=2), min_players=2)
    tables_tick(T0 - timedelta(minutes=15))
    for position, user in enumerate(players[:3]):
        table_sit(session_id=table.pk, user=user, position=position, buy_in=200)
    tables_tick(T0)
    tables_tick(T0)
    assert Deal.objects.filter(session=table, finished_at__isnull=True).exists()
    # The end time passes while the deal runs (table_sit reads the real clock: the end is moved).
    TableSession.objects.filter(pk=table.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    table.refresh_from_db()
    return table


def test_sitting_down_after_the_end_time_is_refused(last_deal, players):
    ivan = players[3]
    with pytest.raises(TableError) as refused:
        table_sit(session_id=last_deal.pk, user=ivan, position=3, buy_in=200)
    assert refused.value.code == "table_closed"
    assert refused.value.message == "This table's time is over: it closes when this deal ends."
    assert not Seat.objects.filter(session=last_deal, member__user=ivan).exists()
    assert account_wallet(membership=Seat.objects.filter(session=last_deal).first().member).balance == 800


def test_the_page_offers_no_seat_after_the_end_time(last_deal, players):
    client = Client()
    client.force_login(players[3])
    page = client.get(f"/tables/{last_deal.pk}/").content.decode()
    assert 'class="sit-form"' not in page
    assert "This table's time is over: it closes when this deal ends." in page


def test_a_manager_seats_no_bot_after_the_end_time(last_deal, owner):
    from games.services import table_bot_add

    with pytest.raises(TableError) as refused:
        table_bot_add(session_id=last_deal.pk, actor=owner, position=3, buy_in=200)
    assert refused.value.message == "This table's time is over: it closes when this deal ends."
    client = Client()
    client.force_login(owner)
    assert 'class="bot-form"' not in client.get(f"/tables/{last_deal.pk}/").content.decode()
