"""A manager could not move a scheduled table's start (the players are late, the room is taken):
he had to cancel it, schedule it again, and its members reserved again. *Move the start* (admin,
*Table sessions*, an action asking for the new start in his time zone) moves a table nobody has
played at: its length and reservations are kept, seating opens 15 minutes before the new start, and
what cannot be moved is refused in words that say what to do instead."""

from __future__ import annotations

import zoneinfo
from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from club.models import AuditLog
from games.models import Reservation, TableSession
from games.services import TableError, table_sit, tables_tick
from games.services.schedule import seat_reserve, session_cancel, session_move

pytestmark = pytest.mark.django_db
SOFIA = zoneinfo.ZoneInfo("Europe/Sofia")
Status = TableSession.Status


_ANCHOR: list[timezone.datetime] = []


@pytest.fixture(autouse=True)
def _anchor() -> None:
    # One "now" per test for ``_minute``: read afresh at each call, a minute turning mid-test made
    # the start set at 21:44 be compared with 21:45.
    _ANCHOR[:] = [timezone.now()]


def _minute(hours: float) -> timezone.datetime:
    return (_ANCHOR[0] + timedelta(hours=hours)).replace(second=0, microsecond=0)


def test_a_moved_table_keeps_its_length_and_reservations_and_opens_at_the_new_time(
    make_table, owner, players
) -> None:
    table = make_table(starts_at=_minute(2), ends_at=_minute(5))
    seat_reserve(session_id=table.pk, user=players[0], position=2)
    moved = session_move(session_id=table.pk, actor=owner, starts_at=_minute(6))
    table.refresh_from_db()
    assert table.starts_at == moved.starts_at == _minute(6)
    assert table.ends_at == _minute(9)  # three hours, as before
    assert Reservation.objects.get(session=table).status == Reservation.Status.HELD
    entry = AuditLog.objects.get(action="table.moved")
    assert entry.actor == owner and entry.data["table"] == table.pk
    # Seating does not open at the old time, and does at the new one.
    tables_tick(_minute(2) - timedelta(minutes=10))
    assert TableSession.objects.get(pk=table.pk).status == Status.SCHEDULED
    tables_tick(_minute(6) - timedelta(minutes=10))
    assert TableSession.objects.get(pk=table.pk).status == Status.OPEN
    table_sit(session_id=table.pk, user=players[0], position=2, buy_in=100)


def test_an_open_table_someone_sits_at_moves_only_within_its_seating_time(make_table, owner, players) -> None:
    table = make_table(starts_at=_minute(0.1))  # six minutes to the start: seating is open
    tables_tick(timezone.now())
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=150)
    with pytest.raises(TableError) as refused:
        session_move(session_id=table.pk, actor=owner, starts_at=_minute(2))
    assert refused.value.code == "move_seated" and "15 minutes" in refused.value.message
    assert TableSession.objects.get(pk=table.pk).starts_at == table.starts_at
    later = timezone.now() + timedelta(minutes=12)
    session_move(session_id=table.pk, actor=owner, starts_at=later)
    table.refresh_from_db()
    assert table.status == Status.OPEN and table.starts_at == later.replace(second=0, microsecond=0)


def test_an_open_table_nobody_sits_at_goes_back_to_waiting_for_its_new_start(make_table, owner) -> None:
    table = make_table(starts_at=_minute(0.1))
    tables_tick(timezone.now())
    assert TableSession.objects.get(pk=table.pk).status == Status.OPEN
    session_move(session_id=table.pk, actor=owner, starts_at=_minute(3))
    assert TableSession.objects.get(pk=table.pk).status == Status.SCHEDULED


def test_what_cannot_be_moved_is_refused_and_nothing_changes(make_table, owner, players) -> None:
    table = make_table(starts_at=_minute(2))
    cases = [
        (timezone.now() - timedelta(minutes=1), "move_past"),
        (timezone.now() + timedelta(days=4000), "starts_too_far"),
    ]
    for when, code in cases:
        with pytest.raises(TableError) as refused:
            session_move(session_id=table.pk, actor=owner, starts_at=when)
        assert refused.value.code == code
    with pytest.raises(TableError) as same:  # the form sent twice
        session_move(session_id=table.pk, actor=owner, starts_at=_minute(2))
    assert same.value.code == "move_same" and same.value.done
    with pytest.raises(TableError) as not_his:
        session_move(session_id=table.pk, actor=players[0], starts_at=_minute(3))
    assert not_his.value.code == "not_manager"
    assert TableSession.objects.get(pk=table.pk).starts_at == _minute(2)
    assert not AuditLog.objects.filter(action="table.moved").exists()
    weekly = make_table(starts_at=_minute(3), repeat_weekly=True)
    with pytest.raises(TableError) as repeats:
        session_move(session_id=weekly.pk, actor=owner, starts_at=_minute(4))
    assert repeats.value.code == "move_weekly" and "skip this week" in repeats.value.message
    session_cancel(session_id=table.pk, actor=owner)
    with pytest.raises(TableError) as over:
        session_move(session_id=table.pk, actor=owner, starts_at=_minute(3))
    assert over.value.code == "cancel_closed"
    started = make_table(starts_at=_minute(0.1))
    tables_tick(started.starts_at + timedelta(seconds=5))
    with pytest.raises(TableError) as begun:
        session_move(session_id=started.pk, actor=owner, starts_at=_minute(3))
    assert begun.value.code == "move_started"


def _manager_client(owner, language: str = "en") -> Client:
    owner.is_staff = True
    owner.preferred_language = language
    owner.time_zone = "Europe/Sofia"
    owner.save(update_fields=["is_staff", "preferred_language", "time_zone"])
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_the_admin_asks_for_the_new_start_in_the_managers_zone_and_moves_it(make_table, owner) -> None:
    table = make_table(starts_at=_minute(2))
    client = _manager_client(owner)
    asked = client.post(
        "/admin/games/tablesession/", {"action": "move_selected", "_selected_action": [table.pk], "index": 0}
    )
    assert asked.status_code == 200
    page = asked.content.decode()
    shown = timezone.localtime(table.starts_at, SOFIA).strftime("%Y-%m-%dT%H:%M")
    assert f'value="{shown}"' in page and "Europe/Sofia" in page
    wall = (
        (timezone.now() + timedelta(days=3))
        .astimezone(SOFIA)
        .replace(hour=20, minute=30, second=0, microsecond=0)
    )
    done = client.post(
        "/admin/games/tablesession/",
        {
            "action": "move_selected",
            "_selected_action": [table.pk],
            "apply": "Move",
            "starts_at": wall.strftime("%Y-%m-%dT%H:%M"),
        },
    )
    assert done.status_code == 302
    told = [str(m) for m in get_messages(done.wsgi_request)]
    assert any("now starts" in m and "20:30" in m for m in told), told
    assert TableSession.objects.get(pk=table.pk).starts_at == wall  # 20:30 in Sofia, whatever UTC says


@pytest.mark.parametrize(
    "value", ["", "tomorrow", "2026-13-40T25:99", "2027-01-01T20:00\x00", "９９９９-01-01T20:00"]
)
def test_a_bad_new_start_is_said_beside_the_field_and_changes_nothing(make_table, owner, value) -> None:
    table = make_table(starts_at=_minute(2))
    client = _manager_client(owner)
    response = client.post(
        "/admin/games/tablesession/",
        {"action": "move_selected", "_selected_action": [table.pk], "apply": "Move", "starts_at": value},
    )
    if "\x00" in value:  # refused for the whole site before any form reads it
        assert response.status_code == 400
    else:
        assert response.status_code == 200
        assert 'class="errorlist"' in response.content.decode()
    assert TableSession.objects.get(pk=table.pk).starts_at == _minute(2)


def test_a_past_start_is_refused_in_russian_beside_the_field(make_table, owner) -> None:
    table = make_table(starts_at=_minute(2))
    client = _manager_client(owner, "ru")
    past = (timezone.now() - timedelta(hours=1)).astimezone(SOFIA)
    response = client.post(
        "/admin/games/tablesession/",
        {
            "action": "move_selected",
            "_selected_action": [table.pk],
            "apply": "Move",
            "starts_at": past.strftime("%Y-%m-%dT%H:%M"),
        },
    )
    page = response.content.decode()
    assert response.status_code == 200 and "Выберите начало" in page, page[-3000:]
    assert TableSession.objects.get(pk=table.pk).starts_at == _minute(2)


def test_one_table_at_a_time_and_none_of_another_club(make_table, make_club, make_user, owner) -> None:
    first, second = make_table(starts_at=_minute(2)), make_table(starts_at=_minute(3))
    rival = make_user("rivalowner")
    other_club = make_club(rival, "Rival Club")
    from games.services import table_session_create

    foreign = table_session_create(
        club=other_club,
        actor=rival,
        title="theirs",
        preset="classic",
        seat_count=4,
        stake=5,
        buy_in_min=100,
        buy_in_max=500,
        starts_at=_minute(2),
    )
    client = _manager_client(owner)
    for chosen in ([first.pk, second.pk], [foreign.pk]):
        response = client.post(
            "/admin/games/tablesession/",
            {
                "action": "move_selected",
                "_selected_action": chosen,
                "apply": "Move",
                "starts_at": "2030-01-01T20:00",
            },
        )
        told = [str(m) for m in get_messages(response.wsgi_request)]
        assert response.status_code == 302 and any("one table" in m.lower() for m in told), told
    assert {t.starts_at for t in TableSession.objects.filter(pk__in=[first.pk, second.pk, foreign.pk])} == {
        _minute(2),
        _minute(3),
    }


def test_the_audit_log_tells_a_managers_cancel_from_the_clocks(make_table, owner) -> None:
    """A manager's cancel is "table.called_off" (review 64); rows written before, a manager's
    "table.cancelled" among them, read "Table cancelled: nobody came" unless the clock wrote them."""
    from django.utils import translation

    by_hand = make_table(starts_at=_minute(2))
    session_cancel(session_id=by_hand.pk, actor=owner)
    empty = make_table(starts_at=_minute(0.1))
    tables_tick(empty.starts_at + timedelta(seconds=1))
    tables_tick(empty.starts_at + timedelta(minutes=16))
    assert AuditLog.objects.get(action="table.called_off").action_label == "Table cancelled by a manager"
    clock = AuditLog.objects.get(action="table.cancelled")
    assert clock.data["table"] == empty.pk and clock.action_label == "Table cancelled: nobody came"
    older = AuditLog.objects.create(
        action="table.cancelled",
        actor=owner,
        club=by_hand.club,
        target=by_hand.title,
        data={"table": by_hand.pk},
    )
    assert older.action_label == "Table cancelled by a manager"
    with translation.override("ru"):
        assert older.action_label == "Стол отменён менеджером"
