"""An id past what a database integer holds, typed into a URL, is a 404 like any missing row, not a
500 (review 9: the deal, replay and table pages read through ``Prepared``'s plain SQL, which handed
the number to the driver; SQLite's refuses it)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Seat
from games.prepared import Prepared
from games.services import table_sit

pytestmark = pytest.mark.django_db

HUGE = 10**20


@pytest.mark.parametrize("name", ["deal_page", "deal_replay", "deal_export", "table_page"])
def test_a_huge_id_in_the_url_is_a_404(client, players, name):
    client.force_login(players[0])
    for pk in (HUGE, 2**63):
        arg = "deal_id" if name.startswith("deal") else "session_id"
        response = client.get(reverse(name, kwargs={arg: pk}))
        assert response.status_code == 404


def test_a_prepared_read_with_an_out_of_range_argument_finds_nothing(make_table, players):
    by_pk = Prepared(lambda pk: Seat.objects.filter(pk=pk))
    assert by_pk(HUGE) == [] and by_pk(-HUGE) == []
    table = make_table()
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    seat = Seat.objects.get(session=table)
    assert by_pk(seat.pk) == [seat]  # the compiled road still answers after the ORM's
