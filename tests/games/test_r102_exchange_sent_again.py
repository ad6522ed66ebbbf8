"""Review 102: an exchange sent again (the plain form re-sent by a browser's retry, the same
exchange in a second tab) was told "The table moved on before your move arrived; look again and make
your move." when the form listed its cards in another order than the table had written them (the
page sorts a hand by suit and rank, the table keeps them as dealt), or left out a draw from the top.
A move sent again is said made (review 55), whatever order its cards come in."""

from __future__ import annotations

import pytest

from games.engine import Action, observe
from games.engine.bots import BasicBot
from games.models import Deal, DealAction
from games.services import TableError, dealing, table_act

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db


def _to_an_exchange(deal: Deal):
    """Play the deal (as its people, like a basic bot) until a seat may give up two cards or more."""
    for _ in range(200):
        deal.refresh_from_db()
        assert not deal.is_over, "the deal ended before an exchange of two cards"
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        view = observe(state, seat)
        user = dealing.deal_players(deal)[seat].member.user
        wide = [a for a in view["legal_actions"] if a["do"] == "exchange" and len(a.get("cards", ())) >= 2]
        if wide:
            return user, wide[0], deal.seq
        if any(a["do"] == "snore" for a in view["legal_actions"]) and deal.seq < 8:
            action = Action.from_json({"do": "snore"})
        else:
            action = BasicBot(seed=deal.seq).choose(view)
        table_act(session_id=deal.session_id, user=user, action=action, expected_seq=deal.seq)
    raise AssertionError("no exchange of two cards came")


def test_an_exchange_sent_again_with_its_cards_in_another_order_is_said_made(make_table, players):
    table = make_table()
    sit_all(table, players)
    deal = start_deal(table)
    user, offered, seq = _to_an_exchange(deal)
    # As the page's form sends it: the cards in the hand's order on the page (here: the other way
    # round from the table's), no "from" for draws from the top.
    sent = {"do": "exchange", "cards": list(reversed(offered["cards"]))}
    if any(s != "top" for s in offered.get("from", ())):
        sent["from"] = list(reversed(offered["from"]))
    action = Action.from_json(sent)
    table_act(session_id=table.pk, user=user, action=action, expected_seq=seq, expected_deal=deal.pk)
    moves = DealAction.objects.filter(deal=deal).count()
    with pytest.raises(TableError) as again:
        table_act(session_id=table.pk, user=user, action=action, expected_seq=seq, expected_deal=deal.pk)
    assert again.value.code == "stale"
    assert again.value.words == "move_made", again.value.message
    assert again.value.done
    assert DealAction.objects.filter(deal=deal).count() == moves
