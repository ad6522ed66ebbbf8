"""A weekly table set with no end never ended by itself: each week's table opened its seats beside
the last one, still open, so a member sat at both and the club listed the table twice (stop 38's
left-out, review 137's doubt). An earlier week with no end now ends as the next week's seats open: a
deal in progress finishes, then everyone's chips go home."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from club.models import AuditLog, Membership
from games.models import Deal, Seat, TableSession
from games.services import tables_tick
from ledger.services import account_wallet, ledger_verify

from .conftest import play_deal_as_people, sit_all

pytestmark = pytest.mark.django_db

T0 = timezone.now().replace(microsecond=0) + timedelta(days=1)
NEXT_OPENS = T0 + timedelta(days=7) - timedelta(minutes=15)


def _finish_running_deals(table: TableSession, users) -> None:
    for deal in Deal.objects.filter(session=table, finished_at__isnull=True):
        play_deal_as_people(deal, users)


def test_an_endless_week_closes_when_the_next_week_opens(make_table, players, club):
    first = make_table(starts_at=T0, repeat_weekly=True, min_players=4)
    once = make_table(preset="frap", starts_at=T0)
    assert first.ends_at is None and once.ends_at is None
    tables_tick(T0 - timedelta(minutes=15))
    sit_all(first, players, buy_in=200)
    tables_tick(T0)
    tables_tick(T0 + timedelta(seconds=1))
    _finish_running_deals(first, players)
    following = TableSession.objects.get(series=first, starts_at=T0 + timedelta(days=7))
    assert following.ends_at is None

    # A minute before next week's seats open: nothing changes.
    tables_tick(NEXT_OPENS - timedelta(minutes=1))
    first.refresh_from_db()
    assert first.ends_at is None and first.status in (TableSession.Status.OPEN, TableSession.Status.RUNNING)

    tables_tick(NEXT_OPENS)
    following.refresh_from_db()
    first.refresh_from_db()
    assert following.status == TableSession.Status.OPEN
    assert first.ends_at == NEXT_OPENS
    assert AuditLog.objects.filter(action="table.ended_by_next_week", data__table=first.pk).count() == 1
    # A deal the clock dealt meanwhile finishes; the next tick closes the week.
    _finish_running_deals(first, players)
    tables_tick(NEXT_OPENS + timedelta(seconds=1))
    first.refresh_from_db()
    assert first.status == TableSession.Status.FINISHED
    assert not Seat.objects.filter(session=first).exclude(status=Seat.Status.LEFT).exists()
    assert not Deal.objects.filter(session=first, finished_at__isnull=True).exists()
    # Every chip went home: four wallets and the club's books balance.
    wallets = [account_wallet(membership=Membership.objects.get(club=club, user=user)) for user in players]
    assert sum(wallet.balance for wallet in wallets) == 4000
    assert ledger_verify()[0] == []

    # The week after: the same again, once (nothing else of the series touched).
    following.refresh_from_db()
    assert following.ends_at is None and following.status == TableSession.Status.OPEN
    tables_tick(NEXT_OPENS + timedelta(seconds=2))
    assert AuditLog.objects.filter(action="table.ended_by_next_week").count() == 1
    # A one-off with no end is not a week of any series: it stays open.
    once.refresh_from_db()
    assert once.ends_at is None and once.status != TableSession.Status.FINISHED
