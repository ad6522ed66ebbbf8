"""Review 122: a player without JavaScript (the table's plain forms) who pressed "Exchange the chosen
cards" with a wrong number of cards ticked (none, at a Moryak table where the snorer changes 1 to 3)
was told "That move is not allowed now.", though the exchange was his move then: he was not told
that the count was the fault, nor which counts the table takes. The refusal says how many to choose,
in the reader's language, and nothing is written."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import timezone

from games.engine import Action, observe
from games.engine.bots import BasicBot
from games.models import Deal, DealAction
from games.services import dealing, table_act

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_zone_left():
    yield
    timezone.deactivate()


def _to_an_exchange(deal: Deal):
    """Play the deal (as its people, like a basic bot) until a seat is to exchange cards."""
    for _ in range(200):
        deal.refresh_from_db()
        assert not deal.is_over, "the deal ended before an exchange"
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        view = observe(state, seat)
        user = dealing.deal_players(deal)[seat].member.user
        choose = [a for a in view["legal_actions"] if a["do"] == "exchange"]
        if choose:
            return user, {len(a.get("cards", ())) for a in choose}, deal.seq
        if any(a["do"] == "snore" for a in view["legal_actions"]) and deal.seq < 8:
            action = Action.from_json({"do": "snore"})
        else:
            action = BasicBot(seed=deal.seq).choose(view)
        table_act(session_id=deal.session_id, user=user, action=action, expected_seq=deal.seq)
    raise AssertionError("no exchange came")


def _said(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Choose the cards to exchange: from 1 to 3."),
        ("ru", "Выберите карты для обмена: от 1 до 3."),
        ("bg", "Изберете картите за смяна: от 1 до 3."),
    ],
)
def test_an_exchange_of_no_card_where_one_is_needed_says_how_many(make_table, players, language, words):
    table = make_table(preset="moryak")
    sit_all(table, players)
    deal = start_deal(table)
    user, counts, seq = _to_an_exchange(deal)
    assert 0 not in counts and min(counts) == 1 and max(counts) == 3, counts
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    moves = DealAction.objects.filter(deal=deal).count()
    # The plain form as sent with no card ticked: its "do", "seq" and "deal", no "cards".
    response = client.post(
        f"/tables/{table.pk}/act/", {"do": "exchange", "seq": str(seq), "deal": str(deal.pk)}, follow=True
    )
    assert response.status_code == 200
    assert words in _said(response)
    assert DealAction.objects.filter(deal=deal).count() == moves


def test_a_wrong_count_at_a_forced_discard_says_the_count(make_table, players):
    """The forced discard after a five (draw 5, keep 4): exactly one card, said so."""
    from games.services.acting import legal_match
    from games.services.errors import TableError

    view = {
        "seat": 0,
        "to_act": 0,
        "legal_actions": [{"do": "discard", "cards": [c]} for c in ("AS", "7H", "9C", "JD", "10S")],
    }
    with pytest.raises(TableError) as refused:
        legal_match(Action.from_json({"do": "discard", "cards": ["AS", "7H"]}), view)
    assert refused.value.code == "card_count"
    assert refused.value.message == "Choose the cards to discard: exactly 1."
    assert re.search(r"\b1\b", refused.value.message)
