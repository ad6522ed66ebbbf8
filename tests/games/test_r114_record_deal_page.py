"""Review 114: the page of a deal no scenario file can say (players waiting for an empty bank sat it
out, and the deck was the one for every seat) offered "Download as a scenario file" and said the file
"replays with python -m games.engine.replay": its file is the deal's fairness record, which the
replay refuses ("replay: scenario: missing key 'stake'"), as a file broken by the site. The page names
the file for what it is and says which command checks it."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.utils import timezone

from games.engine.replay import run_scenario

from .conftest import play_deal_as_people, sit_all, start_deal
from .test_review15_fairness_record import _a_deal_with_a_player_waiting


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_a_record_is_offered_as_a_record(make_table, players, make_user, owner):
    deal = _a_deal_with_a_player_waiting(make_table, players, make_user, owner)
    client = _client(players[0])
    record = json.loads(client.get(f"/deals/{deal.pk}/export.json").content)
    assert run_scenario(record)[1] == 2  # the replay cannot play it
    page = client.get(f"/deals/{deal.pk}/").content.decode()
    assert "Download as a scenario file" not in page
    assert "games.engine.replay" not in page
    assert "Download its fairness record" in page
    assert "python -m games.engine.verify FILE" in page


def test_a_scenario_is_still_offered_as_one(make_table, players):
    table = make_table(preset="classic", seats=4, turn_seconds=600)
    sit_all(table, players, buy_in=500)
    deal = play_deal_as_people(start_deal(table), players)
    client = _client(players[0])
    assert run_scenario(json.loads(client.get(f"/deals/{deal.pk}/export.json").content))[1] == 0
    page = client.get(f"/deals/{deal.pk}/").content.decode()
    assert "Download as a scenario file" in page and "python -m games.engine.replay FILE" in page
    assert "Download its fairness record" not in page


def test_the_record_page_in_russian(make_table, players, make_user, owner):
    deal = _a_deal_with_a_player_waiting(make_table, players, make_user, owner)
    client = _client(players[0])
    page = client.get(f"/deals/{deal.pk}/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Скачать запись о честности сдачи" in page
