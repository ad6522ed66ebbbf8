"""Review 97: review 94's ``commit_unheard`` answered every OperationalError of a plain form's POST
with "The database did not confirm your request: it may or may not have been done ... please check
it". PostgreSQL raises OperationalError for failures that are no lost connection and whose outcome
is known (nothing was done): a deadlock, a lock or statement timeout, a full disk. The member was told
his sit-down or a manager his grant "may have been done", and the fault was logged as a warning, not
as the server error it is. Only a lost connection (no SQLSTATE from the server, class 08, or the
server shutting down: 57P01-57P03) is answered so now."""

from __future__ import annotations

import pytest
from django.db import OperationalError, connection, transaction
from django.test import Client
from django.urls import reverse

from games import views as game_views
from games.models import Seat


def _login(user) -> Client:
    client = Client(raise_request_exception=True)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _raising(errcode: str):
    def service(**kwargs):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                f"DO $$ BEGIN RAISE EXCEPTION 'failed before commit' USING ERRCODE = '{errcode}'; END $$"
            )

    return service


@pytest.mark.django_db
@pytest.mark.parametrize("errcode", ["40P01", "55P03", "57014", "53100"])
def test_a_failure_with_a_known_outcome_is_not_told_it_may_have_been_done(
    make_table, players, monkeypatch, errcode
):
    """A deadlock, a lock timeout, a statement timeout, a full disk: nothing was done."""
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's error codes")
    table = make_table()
    monkeypatch.setattr(game_views, "table_sit", _raising(errcode))
    with pytest.raises(OperationalError):
        _login(players[0]).post(reverse("table_sit", args=[table.pk]), {"position": "1", "buy_in": "200"})
    assert not Seat.objects.filter(session=table, member__user=players[0]).exists()


@pytest.mark.django_db
def test_the_server_shutting_down_is_still_a_connection_lost(make_table, players, monkeypatch):
    """57P01 (admin shutdown: a restart) drops the connection: the outcome is unknown, and the page
    is shown again with the request to check it."""
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's error codes")
    table = make_table()
    monkeypatch.setattr(game_views, "table_sit", _raising("57P01"))
    data = {"position": "1", "buy_in": "200"}
    response = _login(players[0]).post(reverse("table_sit", args=[table.pk]), data)
    assert response.status_code == 302
    assert response.url == reverse("table_page", args=[table.pk])
