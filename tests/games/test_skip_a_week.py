"""A manager could not call off one week of a weekly table (a holiday) without ending the series:
cancelling stopped the repeat, and he had to schedule the table again, its members reserving again.
"Skip this week" (admin, *Table sessions*) cancels that week as a cancel does (seats home, its
reservations cancelled) and makes the next week at the series' hour, which goes on repeating."""

from __future__ import annotations

import zoneinfo
from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from games.models import Reservation, TableSession
from games.services import TableError, table_sit, tables_tick
from games.services.schedule import seat_reserve, session_skip_week
from ledger.models import Account

pytestmark = pytest.mark.django_db
SOFIA = zoneinfo.ZoneInfo("Europe/Sofia")


def _weekly(make_table, owner, *, hours: float = 2) -> TableSession:
    owner.time_zone = "Europe/Sofia"
    owner.save(update_fields=["time_zone"])
    starts = (timezone.now() + timedelta(hours=hours)).astimezone(SOFIA).replace(second=0, microsecond=0)
    return make_table(starts_at=starts, ends_at=starts + timedelta(hours=3), repeat_weekly=True)


def test_a_skipped_week_is_cancelled_and_the_series_goes_on(make_table, owner, players) -> None:
    table = _weekly(make_table, owner)
    seat_reserve(session_id=table.pk, user=players[0], position=0)
    following = session_skip_week(session_id=table.pk, actor=owner)
    table.refresh_from_db()
    assert table.status == TableSession.Status.CANCELLED and not table.repeat_weekly
    assert Reservation.objects.get(session=table).status == Reservation.Status.CANCELLED
    assert following.status == TableSession.Status.SCHEDULED and following.repeat_weekly
    assert following.series_id == table.pk
    # The same hour on the manager's clock a week on, whatever summer time does meanwhile.
    assert following.starts_at.astimezone(SOFIA).replace(tzinfo=None) == table.starts_at.astimezone(
        SOFIA
    ).replace(tzinfo=None) + timedelta(days=7)
    assert following.ends_at - following.starts_at == timedelta(hours=3)
    # Its members may reserve the next week, and it starts and makes the week after when its time comes.
    seat_reserve(session_id=following.pk, user=players[0], position=0)
    tables_tick(following.starts_at - timedelta(minutes=10))
    tables_tick(following.starts_at + timedelta(seconds=1))
    after = TableSession.objects.filter(series_id=table.pk).exclude(pk__in=[table.pk, following.pk])
    assert [s.starts_at - following.starts_at for s in after] == [timedelta(days=7)], list(after)


def test_a_skipped_week_sends_whoever_sits_home_with_his_chips(make_table, owner, players) -> None:
    table = _weekly(make_table, owner, hours=0.1)  # seating is open: ten minutes to the start
    tables_tick(timezone.now())
    table.refresh_from_db()
    assert table.status == TableSession.Status.OPEN
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=150)
    wallet = Account.objects.get(kind=Account.Kind.WALLET, member__user=players[0], member__club=table.club)
    before = wallet.balance
    session_skip_week(session_id=table.pk, actor=owner)
    wallet.refresh_from_db()
    assert wallet.balance == before + 150
    assert not Account.objects.filter(kind=Account.Kind.STACK, table=table).exclude(balance=0).exists()


def test_skipping_is_refused_clearly_where_there_is_no_week_to_keep(make_table, owner, players) -> None:
    once = make_table(starts_at=timezone.now() + timedelta(hours=2))
    with pytest.raises(TableError) as refused:
        session_skip_week(session_id=once.pk, actor=owner)
    assert refused.value.code == "skip_not_weekly" and "cancel it instead" in refused.value.message
    assert TableSession.objects.get(pk=once.pk).status == TableSession.Status.SCHEDULED
    weekly = _weekly(make_table, owner)
    session_skip_week(session_id=weekly.pk, actor=owner)
    with pytest.raises(TableError) as again:  # a double click, or a second manager
        session_skip_week(session_id=weekly.pk, actor=owner)
    assert again.value.code == "cancel_closed"
    following = TableSession.objects.filter(series_id=weekly.pk).exclude(pk=weekly.pk)
    assert following.count() == 1  # one next week, not two
    with pytest.raises(TableError) as not_a_manager:
        session_skip_week(session_id=following.get().pk, actor=players[0])
    assert not_a_manager.value.code != "cancel_closed"


@pytest.mark.parametrize(("language", "said"), [("en", "this week is cancelled"), ("ru", "на этой неделе")])
def test_the_admin_action_skips_a_week_in_the_managers_words(make_table, owner, language, said) -> None:
    owner.is_staff = True
    owner.preferred_language = language
    owner.save(update_fields=["is_staff", "preferred_language"])
    table = _weekly(make_table, owner)
    once = make_table(starts_at=timezone.now() + timedelta(hours=3))
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(
        "/admin/games/tablesession/",
        {"action": "skip_week_selected", "_selected_action": [table.pk, once.pk], "index": 0},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    told = [str(m) for m in get_messages(response.wsgi_request)]
    assert any(said in m.lower() for m in told), told
    assert len(told) == 2 and any("weekly" in m.lower() or "еженедельно" in m.lower() for m in told), told
    assert TableSession.objects.get(pk=table.pk).status == TableSession.Status.CANCELLED
    assert TableSession.objects.get(pk=once.pk).status == TableSession.Status.SCHEDULED
    assert (
        TableSession.objects.filter(series_id=table.pk, repeat_weekly=True).exclude(pk=table.pk).count() == 1
    )
