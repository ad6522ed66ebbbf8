"""Review 25 (a club after a year): a table's scenario download (``/tables/<id>/export.json``) read
each deal's session and actions with two queries of their own: 90 queries for a table of 40 deals,
thousands for a long-running one. Its deals come with their session and actions, a chunk at a time."""

from __future__ import annotations

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import export_cache
from games.models import Deal

from .conftest import play_deal_as_people, sit_all, start_deal


def _export_queries(client: Client, table) -> int:
    export_cache.forget_all()
    with CaptureQueriesContext(connection) as captured:
        response = client.get(f"/tables/{table.pk}/export.json")
    assert response.status_code == 200, response.status_code
    return len(captured.captured_queries)


def test_table_export_queries_do_not_grow_with_its_deals(make_table, players):
    table = make_table(turn_seconds=600)
    sit_all(table, players, buy_in=500)
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    play_deal_as_people(start_deal(table), players)
    one = _export_queries(client, table)
    for _ in range(6):
        play_deal_as_people(start_deal(table), players)
    seven = _export_queries(client, table)
    # A deal dealt again after a redeal reads the voided deals before it (the cards decide how many).
    redeals = Deal.objects.filter(session=table, result="redeal").count()
    assert seven <= one + 3 * redeals, (one, seven, redeals)
