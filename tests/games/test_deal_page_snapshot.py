"""The deal page shows a finished deal from its stored snapshot instead of replaying every move:
that picture must be the replay's last step, for every seat and for a spectator."""

from __future__ import annotations

import pytest
from django.test import Client

from games import history
from games.engine import PRESETS
from games.models import Deal
from games.services.dealing import deal_state

from .conftest import play_deal_as_people, sit_all, start_deal


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_stored_last_state_is_the_replays_last_step(preset, make_table, players):
    seats = min(4, PRESETS[preset].max_players)
    table = make_table(preset, seats=seats)
    people = players[:seats]
    sit_all(table, people)
    for _ in range(2):
        play_deal_as_people(start_deal(table), people)
    for deal in Deal.objects.filter(session=table, finished_at__isnull=False):
        steps = history.deal_steps(deal)
        assert len(steps) - 1 == deal.seq  # one action per seq: the page's move count
        stored = history.Step(deal.seq, None, deal_state(deal))
        for seat in [None, *range(len(deal.players))]:
            assert history.step_view(stored, seat) == history.step_view(steps[-1], seat), seat


def test_the_deal_page_shows_the_readers_seat_and_the_number_of_moves(make_table, players):
    table = make_table()
    sit_all(table, players[:4])
    deal = play_deal_as_people(start_deal(table), players[:4])
    client = Client()
    client.force_login(players[1], backend="django.contrib.auth.backends.ModelBackend")
    response = client.get(f"/deals/{deal.pk}/")
    page = response.content.decode()
    assert f"Replay its {deal.seq} moves" in page
    assert response.context["my_seat"] == history.viewer_seat(deal, players[1])
    assert response.context["view"]["seat"] == response.context["my_seat"] is not None
    assert 'aria-label="Your cards"' in page
    names = history.deal_public(deal)["deal"]["players"]
    assert all(name in page for name in names)
