"""Review 72: a deal played by bots and by the clock's default moves (a practice table, its person
away) exports a file that verifies with its result replayed, and its replay's every step opens."""

from __future__ import annotations

import json

from django.test import Client

from games.engine.verify import verify_scenario
from games.models import Deal
from games.services import practice_table_open, table_away

from .conftest import start_deal
from .test_table_flow import _play_with_clock


def test_a_practice_deal_of_bots_and_default_moves_verifies(club, players):
    table = practice_table_open(club=club, user=players[0], preset="classic")
    start_deal(table)
    table_away(session_id=table.pk, user=players[0])
    _play_with_clock(table)
    deal = Deal.objects.get(session=table, finished_at__isnull=False)
    client = Client()
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    response = client.get(f"/deals/{deal.pk}/export.json")
    assert response.status_code == 200
    output, status = verify_scenario(json.loads(response.content))
    assert status == 0, output
    assert all(d["result_ok"] is True for d in output["deals"]), output
    for step in range(deal.seq + 1):
        assert client.get(f"/deals/{deal.pk}/replay/", {"step": step}).status_code == 200
