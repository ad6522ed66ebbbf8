"""Helpers of the gap tests: a classic deal with a deck and a dealer chosen by the test, and a driver
that plays it from a script (each seat's moves through ``table_act``, as its person).

The deck (engine seats 0..3, position 3 deals, so seat 0 is served first):

* seat 0 QH 10S JS 7C: one trump, not the ace or the six (no cheer, mourn or helicopter): snores.
* seat 1 7D 8D KC KS: helps.
* seat 2 9S 9D 9C 10C: passes, then takes a five (draws AS KD 10D JD QD from the stock).
* seat 3 6S 6D 6C 7S: passes twice (out of the deal).
* trump card 9H; the stock then holds AC QC for seat 1's exchange.

So the deal has every kind of move: declarations, a five's draw and discard, an exchange with
discards, a stand-pat exchange, and tricks where following suit rules out the lowest card in hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.engine import Action, observe
from games.engine.bots import BasicBot
from games.models import Deal, Seat, TableSession
from games.services import dealing, table_act
from tests.engine.scenario_deck import build_deck

HANDS = {
    0: ["QH", "10S", "JS", "7C"],
    1: ["7D", "8D", "KC", "KS"],
    2: ["9S", "9D", "9C", "10C"],
    3: ["6S", "6D", "6C", "7S"],
}
TRUMP = "9H"
FIVE_DRAW = ["AS", "KD", "10D", "JD", "QD"]
HELPER_DRAW = ["AC", "QC"]
DECK = build_deck(36, 4, 3, HANDS, TRUMP, stock=FIVE_DRAW + HELPER_DRAW)

#: What each seat says when asked, in order; anything not listed: the basic bot's choice.
BIDS: dict[int, list[dict[str, Any]]] = {
    0: [{"do": "snore"}],
    1: [{"do": "help"}],
    2: [{"do": "pass"}, {"do": "five"}],
    3: [{"do": "pass"}, {"do": "pass"}],
}


def use_deck(monkeypatch, deck: list[str] = DECK, *, dealer_position: int = 3, table=None) -> None:
    """The next deals are dealt from ``deck`` (the seed is still drawn and committed; only the deck
    it would make is replaced), and ``table``'s first dealer is ``dealer_position``."""
    monkeypatch.setattr(dealing, "shuffled_deck", lambda _seed, size: list(deck))
    if table is not None:
        TableSession.objects.filter(pk=table.pk).update(next_dealer=dealer_position)


def seat_users(deal: Deal) -> dict[int, Any]:
    return {i: s.member.user for i, s in enumerate(dealing.deal_players(deal)) if s.member_id}


def scripted_action(
    deal: Deal, said: dict[int, int], bids: Mapping[int, list[dict[str, Any]]] = BIDS
) -> tuple[int, Action]:
    """The move the script gives the seat to act: its next bid while bidding, the helper's
    exchange of his two low diamonds, else what a basic bot would do."""
    state = dealing.deal_state(deal)
    seat = state.queue[0]
    view = observe(state, seat)
    if view["need"] == "bid" and said.get(seat, 0) < len(bids.get(seat, [])):
        move = bids[seat][said.get(seat, 0)]
        said[seat] = said.get(seat, 0) + 1
        return seat, Action.from_json(move)
    if view["need"] == "exchange" and seat == 1:
        return seat, Action.from_json({"do": "exchange", "cards": ["7D", "8D"]})
    return seat, BasicBot(seed=deal.seq).choose(view)


def play_scripted(
    deal: Deal,
    *,
    until: Callable[[Mapping[str, Any]], bool] | None = None,
    after_each: Callable[[], None] | None = None,
    said: dict[int, int] | None = None,
    bids: Mapping[int, list[dict[str, Any]]] = BIDS,
    max_actions: int = 200,
) -> Deal:
    """Play the scripted deal through ``table_act`` until it is over, or until the view of the seat
    to act satisfies ``until`` (that seat's move is then left to the test)."""
    users = seat_users(deal)
    said = {} if said is None else said
    for _ in range(max_actions):
        deal.refresh_from_db()
        if deal.is_over:
            return deal
        state = dealing.deal_state(deal)
        if until is not None and until(observe(state, state.queue[0])):
            return deal
        seat, action = scripted_action(deal, said, bids)
        table_act(session_id=deal.session_id, user=users[seat], action=action, expected_seq=deal.seq)
        if after_each is not None:
            after_each()
    raise AssertionError("the scripted deal did not end")


def seat_of_user(table, user) -> Seat:
    return Seat.objects.exclude(status=Seat.Status.LEFT).get(session=table, member__user=user)
