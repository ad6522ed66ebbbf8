"""The admin's list of a deal's moves names each move as the table does, in the reader's language
("Snore", "Play A♠", "Exchange: 7♠ 9♥"); a manager read its stored JSON ("{'do': 'play', ...}")."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from games.models import DealAction
from games.presenter import action_words

from .conftest import play_deal_as_people, sit_all, start_deal

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("action", "english"),
    [
        ({"do": "play", "card": "AS"}, "Play A♠"),
        ({"do": "play", "card": "7S", "as": "joker"}, "Play 7♠ (as the joker)"),
        ({"do": "exchange", "cards": ["7S", "9H"]}, "Exchange: 7♠ 9♥"),
        ({"do": "exchange", "cards": []}, "Stand pat"),
        ({"do": "discard", "cards": ["10D"]}, "Discard: 10♦"),
        ({"do": "name_trump", "suit": "C"}, "Trump named: ♣"),
        ({"do": "pass"}, "Pass"),
    ],
)
def test_each_kind_of_move_in_words(action, english):
    assert action_words(action, "classic") == english


def test_in_russian_and_bulgarian():
    with translation.override("ru"):
        assert action_words({"do": "play", "card": "AS"}, "classic") == "Ход A♠"
        assert action_words({"do": "exchange", "cards": []}, "classic") == "Без обмена"
    with translation.override("bg"):
        assert action_words({"do": "discard", "cards": ["10D"]}, "classic") == "Хвърляне: 10♦"


@pytest.mark.parametrize("stored", [{"do": "play"}, {"do": "play", "card": "ZZ"}, ["pass"], None, {"x": 1}])
def test_a_move_it_cannot_read_is_shown_as_stored(stored):
    assert action_words(stored, "classic") == str(stored)


def test_the_admins_list_of_moves_shows_words_not_json(make_table, players, owner):
    table = make_table()
    sit_all(table, players)
    play_deal_as_people(start_deal(table), players)
    client = Client()
    client.force_login(owner, backend="django.contrib.auth.backends.ModelBackend")
    page = client.get("/admin/games/dealaction/?all=").content.decode()
    # The basic bots may all pass (a redeal): every move shown, whichever they made, reads in words.
    moves = list(DealAction.objects.filter(deal__finished_at__isnull=False))
    assert moves
    for move in moves:
        assert f'<td class="field-move">{action_words(move.action, table.preset)}</td>' in page
    assert "{&#x27;do&#x27;" not in page and "&quot;do&quot;" not in page
