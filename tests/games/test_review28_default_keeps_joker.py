"""Review 28: a table's rule changes reach the default move of an absent player.

A manager may open a table of a preset with rule changes (``overrides``), say Classic with the
Student joker (the 7♠ played as the joker wins any trick, RULES.md 5.9). The default move of a seat
whose time ran out (or whose player is away) read whether the 7♠ is a joker from the preset's name,
not from the table's rules: a five-taker's forced discard at such a table threw the joker away, the
strongest card he held, where a careful absent player keeps it as he keeps his trumps."""

from __future__ import annotations

from datetime import timedelta

from games.engine import Action, Rules, apply, new_deal
from games.engine.shuffle import canonical_deck
from games.services import dealing, turn_expire
from games.services.snapshots import state_dump

from .conftest import sit_all, start_deal

# Dealt from the top: seats 1, 2, 0 get four cards each, the 6♥ is turned (hearts trump), and the
# five-taker's five cards are 8♦ 9♦ 10♣ J♣ 7♠, the 7♠ last: the card a plain default gives up.
_PLACED = {12: "6H", 13: "8D", 14: "9D", 15: "10C", 16: "JC", 17: "7S"}


def _deck() -> list[str]:
    rest = iter(c for c in canonical_deck(36) if c not in _PLACED.values())
    return [_PLACED[i] if i in _PLACED else next(rest) for i in range(36)]


def test_an_absent_five_taker_keeps_the_joker_at_a_table_that_plays_it(make_table, players):
    table = make_table(preset="classic", seats=3, overrides={"joker": True})
    sit_all(table, players[:3])
    deal = start_deal(table)
    rules = Rules.from_json(table.rules)
    assert rules.joker
    state = new_deal(rules, stake=5, stacks=[200, 200, 200], bank=0, dealer=0, deck=_deck())
    for seat, do in ((1, "snore"), (2, "pass"), (0, "pass"), (2, "five"), (0, "pass")):
        state, _events = apply(state, seat, Action.from_json({"do": do}))
    assert state.queue[0] == 2 and state.need == "discard"
    assert state.hands[2] == ("8D", "9D", "10C", "JC", "7S")
    deal.state = state_dump(state)
    deal.seq = 5
    deal.deadline = deal.started_at
    deal.save(update_fields=["state", "seq", "deadline"])

    turn_expire(deal_id=deal.pk, seq=5, now=deal.deadline + timedelta(seconds=1))

    deal.refresh_from_db()
    state = dealing.deal_state(deal)
    assert deal.seq == 6
    assert len(state.hands[2]) == 4
    assert "7S" in state.hands[2], "the absent player's default discard threw the joker away"
