"""Review 74: "Choose 0 to 1 cards to exchange" as Russian and Bulgarian said it: "Выберите от 0 до
1 карт", "от 0 до 1 карти", the form of many cards for one (the upper count decides it: "до 1 карты"
but "до 2 карт"). A player may change at most one card when the rules say so, or when the stock has
one card left for him. One card at most is said as one now."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.engine import legal_actions, observe
from games.engine.bots import BasicBot
from games.models import Deal, Seat
from games.services import dealing, table_act

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db


def _to_an_exchange_of_one(deal: Deal):
    """Plays deals by a bot's choices, through their people, until one of them may change 0 or 1
    card: that person."""
    for _ in range(500):
        deal.refresh_from_db()
        if deal.is_over:  # everybody passed, or the snorer was left alone: the next deal
            deal = start_deal(deal.session)
        users = {i: Seat.objects.get(pk=pk).member.user for i, pk in enumerate(deal.players)}
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        sizes = {len(a.cards) for a in legal_actions(state, seat) if a.do == "exchange"}
        if sizes == {0, 1}:
            return users[seat]
        action = BasicBot(seed=deal.seq).choose(observe(state, seat))
        table_act(session_id=deal.session_id, user=users[seat], action=action, expected_seq=deal.seq)
    raise AssertionError("nobody came to an exchange")


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Choose one card to exchange, or none"),
        ("ru", "Выберите одну карту для обмена или ни одной"),
        ("bg", "Изберете една карта за смяна или нито една"),
    ],
)
def test_an_exchange_of_one_card_at_most_is_said_as_one(make_table, players, language, said) -> None:
    table = make_table(overrides={"exchange_snorer": [0, 1], "exchange_helper": [0, 1]})
    sit_all(table, players)
    user = _to_an_exchange_of_one(start_deal(table))
    user.preferred_language = language
    user.save(update_fields=["preferred_language"])
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    page = client.get(f"/tables/{table.pk}/").content.decode()
    legend = re.search(r"<legend>(.*?)</legend>", page, flags=re.S)
    assert legend is not None and legend.group(1).strip() == said, legend and legend.group(1)
