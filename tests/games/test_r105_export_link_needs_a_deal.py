"""The table page links to "Deals played at this table" from its start, and that list offered
"Download every deal of this table as scenario files" before the table had finished a deal: the
click answered 404 ("This table has no finished deal yet."), which a browser told as a failed
download and nothing more. The list offers the file once there is one, whatever its filters show."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def _offered(client: Client, url: str, query: dict[str, str], export: str) -> bool:
    response = client.get(url, query)
    assert response.status_code == 200
    return bool(re.search(rf'<a href="{re.escape(export)}"', response.content.decode()))


def test_the_file_is_offered_once_the_table_has_a_finished_deal(make_table, players) -> None:
    table = make_table()
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    url, export = f"/clubs/{table.club.slug}/deals/", f"/tables/{table.pk}/export.json"
    # No deal yet, then a deal running: no file to give.
    assert not _offered(client, url, {"table": str(table.pk)}, export)
    assert client.get(export).status_code == 404
    sit_all(table, players)
    deal = start_deal(table)
    assert not _offered(client, url, {"table": str(table.pk)}, export)
    assert client.get(export).status_code == 404
    play_deal_as_people(deal, players)
    # A finished deal: offered, and the file comes, also when the filters show none of its deals.
    assert _offered(client, url, {"table": str(table.pk)}, export)
    assert _offered(client, url, {"table": str(table.pk), "result": "instant_win"}, export)
    assert client.get(export).status_code == 200
