"""Review 47: the default moves of an absent player (``games.autoplay.default_move``) at the table.

A player whose time ran out, or who is away, has the clock move for him. Review 28 made his forced
discard keep the Student joker; the very next move, his lead, still threw it away: the default play
is "the lowest legal card", and the 7♠ played as an ordinary seven is often the lowest card of a
36-card hand. No careful player leads the joker as a seven while he holds another card, and when the
7♠ is all he may play, it is worth a trick played as the joker (RULES.md 5.9)."""

from __future__ import annotations

from games.autoplay import default_move
from games.engine import Action, State, apply, is_over, new_deal, observe
from games.engine.rules import rules_with_overrides
from games.engine.shuffle import canonical_deck

# Dealt from the top: seats 1, 2, 0 get four cards each, the 6♥ is turned (hearts trump), and the
# five-taker's five cards are 8♦ 9♦ 10♣ J♣ 7♠ (review 28's deal).
_PLACED = {12: "6H", 13: "8D", 14: "9D", 15: "10C", 16: "JC", 17: "7S"}


def _deck() -> list[str]:
    rest = iter(c for c in canonical_deck(36) if c not in _PLACED.values())
    return [_PLACED[i] if i in _PLACED else next(rest) for i in range(36)]


def _five_taker_discarding() -> State:
    rules = rules_with_overrides("classic", {"joker": True})
    state = new_deal(rules, stake=5, stacks=[200, 200, 200], bank=0, dealer=0, deck=_deck())
    for seat, do in ((1, "snore"), (2, "pass"), (0, "pass"), (2, "five"), (0, "pass")):
        state, _events = apply(state, seat, Action.from_json({"do": do}))
    assert state.queue[0] == 2 and state.need == "discard"
    assert state.hands[2] == ("8D", "9D", "10C", "JC", "7S")
    return state


def _by_the_clock_until_seat_2_leads(state: State) -> State:
    for _ in range(10):
        if state.need == "play" and state.queue[0] == 2:
            return state
        seat = state.queue[0]
        state, _events = apply(state, seat, default_move(observe(state, seat), joker=True))
    raise AssertionError("seat 2 never came to lead")


def test_an_absent_five_taker_does_not_lead_the_joker_as_a_seven():
    state = _by_the_clock_until_seat_2_leads(_five_taker_discarding())
    hand = state.hands[2]
    assert "7S" in hand and len(hand) == 4
    move = default_move(observe(state, 2), joker=True)
    assert move.do == "play"
    assert move.card != "7S", f"the clock led the joker ({move.to_json()}) while holding {hand}"


def test_the_joker_played_because_nothing_else_may_be_is_played_as_the_joker():
    state = _by_the_clock_until_seat_2_leads(_five_taker_discarding())
    # By the clock on, until seat 2 must follow spades with his one spade, the 7♠.
    while not is_over(state):
        seat = state.queue[0]
        view = observe(state, seat)
        cards = {a["card"] for a in view["legal_actions"] if a["do"] == "play"}
        if seat == 2 and cards == {"7S"}:
            assert len(state.hands[2]) > 1  # he holds others, but must play the 7♠
            move = default_move(view, joker=True)
            assert move.to_json() == {"do": "play", "card": "7S", "as": "joker"}
            return
        state, _events = apply(state, seat, default_move(view, joker=True))
    raise AssertionError("seat 2 never had to play the 7♠")


def test_an_absent_five_takers_discard_keeps_his_best_cards():
    """The default discard gave up the last cards in hand, whatever they were: this five-taker kept
    the 8♦ and threw away the J♣; an away six-taker of the gap tests threw away an ace. A careful
    absent player gives up his lowest plain cards, and keeps his trumps and the joker (reviews 24, 28)."""
    state = _five_taker_discarding()
    move = default_move(observe(state, 2), joker=True)
    assert move.to_json() == {"do": "discard", "cards": ["8D"]}


def test_the_default_discard_gives_up_the_lowest_plain_cards_of_many():
    rules = rules_with_overrides("classic", {})
    # Gap tests' deal (tests/games/gaps_script.py): hearts trump, seat 2 takes a six.
    from tests.games.gaps_script import DECK

    state = new_deal(rules, stake=5, stacks=[200] * 4, bank=0, dealer=3, deck=DECK)
    for seat, do in ((0, "snore"), (1, "help"), (2, "pass"), (3, "pass"), (2, "six"), (3, "pass")):
        state, _events = apply(state, seat, Action.from_json({"do": do}))
    assert state.queue[0] == 2 and state.need == "discard"
    assert sorted(state.hands[2]) == sorted(["AS", "KD", "10D", "JD", "QD", "AC"])
    move = default_move(observe(state, 2), joker=False)
    assert sorted(move.cards) == ["10D", "JD"], f"the clock gave up {move.cards}"


def test_the_clock_does_not_lead_a_trump_while_it_holds_a_plain_card():
    """Leading, the clock played the lowest card by rank, trumps included: an away player holding
    the 6 of trumps and the 9♠ led the trump and lost it for nothing. Every seat is away here, in
    deals of several presets, and every lead is checked."""
    from games.engine import PRESETS
    from games.engine.shuffle import shuffled_deck

    leads = trumps_kept = 0
    for preset in ("classic", "moryak", "frap", "student"):
        rules = PRESETS[preset]
        for index in range(60):
            n = 3 if preset != "frap" else 4
            deck = shuffled_deck(b"lead%d" % index, rules.deck_for(n))
            state = new_deal(rules, stake=5, stacks=[500] * n, bank=0, dealer=index % n, deck=deck)
            # Two must play: the first seat that may snore snores, the first that may help helps;
            # the rest is the clock's.
            said: set[str] = set()
            while not is_over(state):
                seat = state.queue[0]
                view = observe(state, seat)
                names = {a["do"] for a in view["legal_actions"]}
                bid = next((b for b in ("snore", "help") if b in names and b not in said), None)
                if bid is not None:
                    state, _events = apply(state, seat, Action.from_json({"do": bid}))
                    said.add(bid)
                    continue
                if "look" in names and view["hand"] is None:
                    state, _events = apply(state, seat, Action.from_json({"do": "look"}))
                    continue
                move = default_move(view, joker=rules.joker)
                if move.do == "play" and not view["trick"]:
                    plain = [c for c in view["hand"] if c[-1] != view["trump"] and c != "7S"]
                    if plain and any(c[-1] == view["trump"] for c in view["hand"]):
                        leads += 1
                        trumps_kept += move.card[-1] != view["trump"]
                state, _events = apply(state, seat, move)
    assert leads >= 30, leads
    assert trumps_kept == leads, f"{leads - trumps_kept} of {leads} leads threw a trump away"
