"""The club page's table list offered "Sit down" and "Watch" at the table a member already sat at,
as to anyone: "Sit down" led to a table where he had a seat already, and "Watch" to his own cards.
His table now offers "Go to the table"; the others' offers stay."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from games.services import table_sit

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()
    yield
    timezone.deactivate()


def _tables_part(client: Client, club) -> str:
    page = client.get(club.get_absolute_url()).content.decode()
    start = page.index('id="tables"')
    return page[start : page.index("</section>", start)]


def test_his_own_table_is_not_offered_to_sit_at(make_table, players, club):
    table = make_table()
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    seated = Client(HTTP_ACCEPT_LANGUAGE="en")
    seated.force_login(players[0])
    part = _tables_part(seated, club)
    assert "Go to the table" in part
    assert f'/tables/{table.pk}/#seats' not in part
    assert "Sit down" not in part and ">Watch<" not in part

    other = Client(HTTP_ACCEPT_LANGUAGE="en")
    other.force_login(players[1])
    part = _tables_part(other, club)
    assert f'/tables/{table.pk}/#seats' in part and ">Watch<" in part
    assert "Go to the table" not in part
