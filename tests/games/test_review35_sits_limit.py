"""Sitting down at a table and leaving it again, between deals, had no end: each round booked two
journals that are never deleted, wrote two lines of the club's log and sent the table to everyone
watching it, and a script did it several times a second through the socket or the plain forms. A
member may now sit down ``SITS_PER_TABLE_PER_HOUR`` times at one table in an hour; he is told, in
his language, when he may sit again. Other tables, other members and the next hour are untouched."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone, translation

from club.models import AuditLog
from games.models import Seat
from games.services import table_leave, table_sit
from games.services.errors import TableError
from ledger.models import Journal

pytestmark = pytest.mark.django_db

LIMIT = 3


@pytest.fixture(autouse=True)
def _small_limit(settings) -> None:
    settings.SITS_PER_TABLE_PER_HOUR = LIMIT


def _round(table, user, position: int = 0) -> None:
    table_sit(session_id=table.pk, user=user, position=position, buy_in=100)
    table_leave(session_id=table.pk, user=user)


def test_sitting_and_leaving_in_a_loop_stops_at_the_limit(make_table, players, club):
    table = make_table()
    user = players[0]
    journals, log = Journal.objects.count(), AuditLog.objects.filter(club=club).count()
    for _ in range(LIMIT):
        _round(table, user)
    assert Journal.objects.count() - journals == 2 * LIMIT
    assert AuditLog.objects.filter(club=club).count() - log == 2 * LIMIT
    with pytest.raises(TableError) as refused:
        table_sit(session_id=table.pk, user=user, position=1, buy_in=100)
    assert refused.value.code == "sits_limit"
    assert Seat.objects.filter(session=table, member__user=user).count() == LIMIT
    assert Journal.objects.count() - journals == 2 * LIMIT  # nothing booked by the refusal


def test_other_tables_other_members_and_the_next_hour_are_free(make_table, players):
    table, other = make_table(), make_table()
    user = players[1]
    for _ in range(LIMIT):
        _round(table, user)
    _round(other, user)  # another table
    _round(table, players[2])  # another member
    Seat.objects.filter(session=table, member__user=user).update(
        sat_at=timezone.now() - timedelta(hours=1, minutes=1)
    )
    table_sit(session_id=table.pk, user=user, position=0, buy_in=100)  # an hour later


def test_a_seated_player_is_told_when_he_may_sit_again(make_table, players):
    table = make_table()
    user = players[3]
    for _ in range(LIMIT):
        _round(table, user)
    with pytest.raises(TableError) as refused:
        table_sit(session_id=table.pk, user=user, position=0, buy_in=100)
    oldest = Seat.objects.filter(session=table, member__user=user).order_by("sat_at").first().sat_at
    assert refused.value.params["when"] == oldest + timedelta(hours=1)
    assert f"{LIMIT} times in the last hour" in refused.value.message


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_the_plain_form_tells_it_in_his_language(make_table, players, language):
    table = make_table()
    user = players[0]
    for _ in range(LIMIT):
        _round(table, user)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(f"/tables/{table.pk}/sit/", {"position": "1", "buy_in": "100"})
    told = [str(m) for m in get_messages(response.wsgi_request)]
    english = "You have sat down at this table %(limit)s times in the last hour: you may sit down again at "
    with translation.override(language):
        said = translation.gettext(english + "%(when)s.")
    assert said != english + "%(when)s."
    start = said.split("%(limit)s")[0]
    assert len(told) == 1 and told[0].startswith(start), told
    assert not Seat.objects.filter(session=table, member__user=user, left_at__isnull=True).exists()
