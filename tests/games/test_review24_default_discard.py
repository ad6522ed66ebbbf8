"""Review 24: the default move of a discard gave up the last card of the hand. In Moryak's dark the
trump card a player takes goes last into his hand (RULES.md 5.5: he takes it, looks, discards one):
a player whose time ran out on that discard, or who was away, threw away the very trump card he had
declared dark to take, which no careful absent player would do. The default now gives up as few
trumps as it can (then, as before, the last cards in hand)."""

from __future__ import annotations

from datetime import timedelta

from games.engine import Action, observe
from games.models import Seat
from games.services import dealing, table_act, turn_expire

from .conftest import play_deal_as_people, sit_all, start_deal


def test_a_dark_player_whose_time_runs_out_keeps_the_trump_card_he_took(make_table, players):
    table = make_table(preset="moryak", seats=4, turn_seconds=600)
    sit_all(table, players)
    # Dark needs the first player's stack to cover it: found rather than assumed.
    for _ in range(30):
        deal = start_deal(table)
        state = dealing.deal_state(deal)
        seat = state.queue[0]
        if any(a["do"] == "dark" for a in observe(state, seat)["legal_actions"]):
            break
        people = [s.member.user for s in dealing.deal_players(deal)]
        play_deal_as_people(deal, people)
    else:
        raise AssertionError("dark was never offered")
    user = dealing.deal_players(deal)[seat].member.user
    taken = state.trump_card
    table_act(session_id=table.pk, user=user, action=Action.from_json({"do": "dark"}), expected_seq=deal.seq)
    deal.refresh_from_db()
    state = dealing.deal_state(deal)
    assert state.queue[0] == seat and state.need == "discard"
    assert taken in state.hands[seat]
    turn_expire(deal_id=deal.pk, seq=deal.seq, now=deal.deadline + timedelta(seconds=1))
    deal.refresh_from_db()
    state = dealing.deal_state(deal)
    assert len(state.hands[seat]) == 4
    assert taken in state.hands[seat], "the default discard gave up the trump card he took"
    assert Seat.objects.get(pk=deal.players[seat]).status == Seat.Status.AWAY
