"""The "open a table" form sent twice opens one table (outside review).

A double click, or the browser sending the form again, opened two identical tables (two weekly
series of a scheduled table, each taking its own reservations). The form carries a token, as the
grant form does: the same form again is the same table."""

from __future__ import annotations

import threading
import uuid
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone

from games.models import TableSession
from games.services import table_session_create

from .conftest import TABLE_FORM

FORM = TABLE_FORM


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_the_same_form_twice_opens_one_table(club, owner):
    form = {**FORM, "token": uuid.uuid4().hex}
    first = _client(owner).post(f"/clubs/{club.slug}/tables/new/", form)
    second = _client(owner).post(f"/clubs/{club.slug}/tables/new/", form)
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    assert TableSession.objects.filter(club=club).count() == 1


@pytest.mark.django_db
def test_two_forms_open_two_tables(club, owner):
    # The second alike is asked about first (review 68): ticked, it opens.
    for _ in range(2):
        _client(owner).post(
            f"/clubs/{club.slug}/tables/new/", {**FORM, "token": uuid.uuid4().hex, "open_twin": "on"}
        )
    assert TableSession.objects.filter(club=club).count() == 2


@pytest.mark.django_db
def test_the_page_gives_a_token_and_a_damaged_one_is_refused(club, owner):
    page = _client(owner).get(f"/clubs/{club.slug}/tables/new/").content.decode()
    assert 'type="hidden" name="token"' in page
    response = _client(owner).post(f"/clubs/{club.slug}/tables/new/", {**FORM, "token": "../../x"})
    assert response.status_code == 422
    assert not TableSession.objects.filter(club=club).exists()


@pytest.mark.django_db
def test_a_weekly_table_sent_twice_is_one_series_and_still_repeats(club, owner):
    starts = (timezone.localtime() + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
    form = {**FORM, "token": uuid.uuid4().hex, "starts_at": starts, "repeat_weekly": "on"}
    for _ in range(2):
        _client(owner).post(f"/clubs/{club.slug}/tables/new/", form)
    session = TableSession.objects.get(club=club)
    from games.services.schedule import _next_week

    following = _next_week(session)
    assert following is not None and following.pk != session.pk
    assert TableSession.objects.filter(club=club).count() == 2


@pytest.mark.django_db
def test_a_token_of_another_club_opens_no_table_there(club, owner, make_club, make_user):
    other_owner = make_user("otherowner", display_name="Oleg")
    other = make_club(other_owner, "Other Club")
    token = uuid.uuid4().hex
    _client(owner).post(f"/clubs/{club.slug}/tables/new/", {**FORM, "token": token})
    response = _client(other_owner).post(f"/clubs/{other.slug}/tables/new/", {**FORM, "token": token})
    assert response.status_code == 302
    mine = TableSession.objects.get(club=other)
    assert response["Location"] == f"/tables/{mine.pk}/"


@pytest.mark.django_db(transaction=True)
def test_the_same_form_sent_at_once_opens_one_table(club, owner):
    if connection.vendor != "postgresql":
        pytest.skip("row locks and unique races need PostgreSQL")
    key = uuid.uuid4().hex
    barrier = threading.Barrier(4)
    errors: list[BaseException] = []

    def send() -> None:
        try:
            barrier.wait()
            table_session_create(
                club=club,
                actor=owner,
                title="Raced",
                preset="classic",
                stake=5,
                seat_count=4,
                buy_in_min=100,
                buy_in_max=500,
                create_key=key,
            )
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert TableSession.objects.filter(club=club).count() == 1
