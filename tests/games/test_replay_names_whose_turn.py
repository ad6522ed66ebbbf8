"""A replay step where the reader had been to move said "your turn", as a live table does, though the
deal is long over and nothing can be played (review 39's note): it names him, as it names everyone."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games import history

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


def test_a_replay_step_names_the_reader_whose_turn_it_was(make_table, players) -> None:
    table = make_table()
    sit_all(table, players)
    deal = play_deal_as_people(start_deal(table), players)
    reader = players[0]
    seat = history.viewer_seat(deal, reader)
    steps = history.deal_steps(deal)
    client = Client()
    client.force_login(reader, backend="django.contrib.auth.backends.ModelBackend")
    his = 0
    for number, step in enumerate(steps[:-1]):
        view = history.step_view(step, seat)
        if view is None or view.get("to_act") != seat:
            continue
        page = client.get(f"/deals/{deal.pk}/replay/?step={number}").content.decode()
        phase = re.search(r'<p class="phase">(.*?)</p>', page, re.S).group(1)
        assert "your turn" not in phase, number
        assert f"{reader.shown_name}" in phase and "turn" in phase, phase
        his += 1
    assert his, "the reader was never to move in this deal"
