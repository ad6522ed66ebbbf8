"""A manager calls off a table nobody has played at yet (review 9: nothing could; a weekly table
made its next week at every start or no-show, for good, and a scheduled one could only wait for
its no-show cancel)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from club.models import AuditLog, Membership
from games.models import Reservation, TableSession
from games.services import TableError, table_sit, tables_tick
from games.services.schedule import seat_reserve, session_cancel
from ledger.services import account_wallet, ledger_verify

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def _wallet(club, user) -> int:
    return account_wallet(membership=Membership.objects.get(club=club, user=user)).balance


def _admin(user) -> Client:
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_a_manager_cancels_a_weekly_table_in_the_admin_and_the_series_stops(make_table, players, owner, club):
    starts = timezone.now().replace(microsecond=0) + timedelta(minutes=10)  # seating is open
    table = make_table(starts_at=starts, ends_at=starts + timedelta(hours=2), repeat_weekly=True)
    seat_reserve(session_id=table.pk, user=players[1], position=3)
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    assert _wallet(club, players[0]) == 800
    response = _admin(owner).post(
        "/admin/games/tablesession/", {"action": "cancel_selected", "_selected_action": [table.pk]}
    )
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.status == TableSession.Status.CANCELLED and not table.repeat_weekly
    assert _wallet(club, players[0]) == 1000
    assert Reservation.objects.get(session=table).status == Reservation.Status.CANCELLED
    assert AuditLog.objects.filter(action="table.called_off", actor=owner).exists()
    for minutes in (0, 20, 60 * 24 * 8):
        tables_tick(starts + timedelta(minutes=minutes))
    assert TableSession.objects.filter(series=table).count() == 1  # itself: no next week
    assert ledger_verify()[0] == []
    # A second manager's click on the same row is told, and changes nothing.
    with pytest.raises(TableError) as refused:
        session_cancel(session_id=table.pk, actor=owner)
    assert refused.value.code == "cancel_closed"


def test_a_table_with_deals_played_is_not_cancelled(make_table, players, owner):
    table = make_table()
    sit_all(table, players)
    play_deal_as_people(start_deal(table), players)
    with pytest.raises(TableError) as refused:
        session_cancel(session_id=table.pk, actor=owner)
    assert refused.value.code == "cancel_played"
    table.refresh_from_db()
    assert table.status != TableSession.Status.CANCELLED


def test_a_member_cannot_cancel(make_table, players):
    table = make_table(starts_at=timezone.now() + timedelta(days=1))
    with pytest.raises(TableError) as refused:
        session_cancel(session_id=table.pk, actor=players[0])
    assert refused.value.code == "not_manager"


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_managers_cancel_while_a_player_sits_down(make_table, players, owner, club, make_user):
    from .test_reversal_holds import _race

    boris = make_user("boris-manager")
    Membership.objects.create(club=club, user=boris, role=Membership.Role.MANAGER)
    starts = timezone.now().replace(microsecond=0) + timedelta(minutes=10)
    table = make_table(starts_at=starts, repeat_weekly=True)
    results = _race(
        lambda: session_cancel(session_id=table.pk, actor=owner),
        lambda: session_cancel(session_id=table.pk, actor=boris),
        lambda: table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200),
    )
    assert sorted(r for r in results if r != "ok") in (["cancel_closed"], ["cancel_closed", "table_closed"])
    table.refresh_from_db()
    assert table.status == TableSession.Status.CANCELLED
    assert _wallet(club, players[0]) == 1000  # sat and went home, or was refused: never left at the table
    assert AuditLog.objects.filter(action="table.called_off").count() == 1
    assert ledger_verify()[0] == []


def test_cancelling_a_started_weekly_table_stops_the_week_it_already_made(make_table, players, owner):
    """A weekly table that started with nobody dealt in made its next week at its start: the
    action says the weekly table stops, so that next week goes too (it repeated on, for good)."""
    starts = timezone.now().replace(microsecond=0) - timedelta(minutes=1)
    table = make_table(starts_at=starts, ends_at=starts + timedelta(hours=2), repeat_weekly=True)
    tables_tick(starts + timedelta(seconds=30))  # started: nobody sits, no deal
    table.refresh_from_db()
    assert table.started_at is not None
    assert TableSession.objects.filter(series=table).exclude(pk=table.pk).count() == 1
    session_cancel(session_id=table.pk, actor=owner)
    for later in TableSession.objects.filter(series=table).exclude(pk=table.pk):
        assert later.status == TableSession.Status.CANCELLED and not later.repeat_weekly
    for days in (7, 8, 15):
        tables_tick(starts + timedelta(days=days))
    assert not TableSession.objects.filter(series=table).exclude(
        status=TableSession.Status.CANCELLED
    ).exists()
