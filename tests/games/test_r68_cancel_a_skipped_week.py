"""Review 68: Olga skipped this week of the club's weekly table (a holiday) while Misha, on a list
shown before, cancelled the table for good ("Cancel the selected tables (...; a weekly one stops)").
Misha read "This table is already over or cancelled." as news, done, and the series went on: next
week's table stood scheduled, and every week after it. A cancel of a week skipped since now stops the
series it would have stopped; a table cancelled with its series is still said done."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.db import connection
from django.test import Client
from django.utils import timezone

from club import services as club_services
from club.models import Membership
from games.models import TableSession
from games.services import TableError
from games.services.schedule import session_cancel, session_skip_week

Status = TableSession.Status
LIST = "/admin/games/tablesession/"


def _weekly(make_table) -> TableSession:
    starts = (timezone.now() + timedelta(hours=2)).replace(second=0, microsecond=0)
    return make_table(starts_at=starts, ends_at=starts + timedelta(hours=3), repeat_weekly=True)


def _live_weeks(table: TableSession) -> list[TableSession]:
    weeks = TableSession.objects.filter(series_id=table.pk)
    return list(weeks.exclude(status__in=[Status.CANCELLED, Status.FINISHED]))


@pytest.fixture
def colleague(club, make_user):
    user = make_user("misha68c", display_name="Misha")
    club_services.membership_join(club=club, user=user)
    Membership.objects.filter(club=club, user=user).update(role=Membership.Role.MANAGER)
    return user


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


@pytest.mark.django_db
def test_a_cancel_of_a_week_skipped_meanwhile_stops_the_series(make_table, owner, colleague):
    table = _weekly(make_table)
    following = session_skip_week(session_id=table.pk, actor=owner)
    assert _live_weeks(table) == [following]
    response = _client(colleague).post(LIST, {"action": "cancel_selected", "_selected_action": [table.pk]})
    told = [(m.level_tag, str(m)) for m in get_messages(response.wsgi_request)]
    assert _live_weeks(table) == [], told
    assert told == [("info", f"{table.title}: cancelled")], told
    following.refresh_from_db()
    assert following.status == Status.CANCELLED and not following.repeat_weekly


@pytest.mark.django_db
def test_a_series_cancelled_already_is_still_said_done(make_table, owner):
    table = _weekly(make_table)
    session_skip_week(session_id=table.pk, actor=owner)
    session_cancel(session_id=table.pk, actor=owner)
    with pytest.raises(TableError) as again:
        session_cancel(session_id=table.pk, actor=owner)
    assert again.value.code == "cancel_closed" and again.value.done
    assert _live_weeks(table) == []


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("first", ["skip", "cancel"])
def test_a_skip_and_a_cancel_at_once_leave_no_week_of_the_series(make_table, owner, colleague, first):
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL")
    table = _weekly(make_table)
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def run(what: str) -> None:
        try:
            barrier.wait()
            if what == "skip":
                session_skip_week(session_id=table.pk, actor=owner)
            else:
                session_cancel(session_id=table.pk, actor=colleague)
        except TableError:
            pass  # the one that came second may be refused; the series' end is what counts
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    order = [first, "cancel" if first == "skip" else "skip"]
    threads = [threading.Thread(target=run, args=(what,)) for what in order]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert _live_weeks(table) == []
    assert TableSession.objects.get(pk=table.pk).status == Status.CANCELLED
