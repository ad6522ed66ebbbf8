"""Properties of whole deals played by bots, over seeds, presets, player counts and stacks.

After every action: each card is in exactly one place; stacks + holds + bank never change; no
count goes below zero; no seat's view (nor a spectator's) shows a card it may not know; the state
survives a JSON round trip. After every deal: a played deal has hand_size tricks; replaying the
action log on the deck rebuilt from the seed gives the same state. Across deals: the bank carries
over and chips are conserved. Example counts are kept modest (``KHRAP_PROPERTY_EXAMPLES`` raises
them) so the file runs in well under a minute.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import (
    PRESETS,
    Action,
    EngineError,
    State,
    apply,
    is_over,
    new_deal,
    observe,
    outcome,
    state_from_json,
    state_to_json,
    to_act,
)
from games.engine.bots import BOTS
from games.engine.cards import RANK
from games.engine.shuffle import shuffled_deck

EXAMPLES = int(os.environ.get("KHRAP_PROPERTY_EXAMPLES", "150"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def card_places(state: State) -> Counter[str]:
    """Every place a card can be: hands, face-up trump card, old trump cards, stock, discards,
    cards played (the current trick's cards are in ``played`` too)."""
    places: Counter[str] = Counter()
    for hand in state.hands:
        places.update(hand)
    if state.trump_card is not None:
        places[state.trump_card] += 1
    places.update(state.turned)
    places.update(state.setup.deck[state.stock_top : state.stock_end])
    places.update(state.discards)
    for cards in state.played:
        places.update(cards)
    return places


def cards_in(value: Any) -> set[str]:
    """Every card name anywhere in a JSON-able value."""
    if isinstance(value, str):
        return {value} if value in RANK else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def public_cards(state: State) -> set[str]:
    """Cards everyone may know: played cards, trump cards ever face up, and the trump ace / six a
    cheer / mourn shows (RULES.md table of section 5)."""
    known = {c for cards in state.played for c in cards} | set(state.turned)
    if state.trump_card is not None:
        known.add(state.trump_card)
    if state.setup.first_trump is not None:
        known.add(state.setup.first_trump)
    if state.trump:
        if "cheer" in state.status or "cheer" in state.declared:
            known.add("A" + state.trump)
        if "mourn" in state.status:
            known.add("6" + state.trump)
    return known


def check_views(state: State) -> None:
    over = is_over(state)
    public = public_cards(state)
    for seat in [None, *range(state.setup.seats)]:
        view = observe(state, seat)
        json.dumps(view)
        allowed = set(public)
        # A seat's own cards: shown once he has looked (a face-down hand is looked at before it is
        # played: its legal actions offer ``look``, never the cards).
        if seat is not None and (state.seen[seat] or over):
            allowed |= set(state.hands[seat])
        if over:
            in_deal = [h for s, h in enumerate(state.hands) if state.status[s] not in ("out", "pass")]
            allowed |= {c for h in in_deal for c in h}
        leaked = cards_in(view) - allowed
        assert not leaked, f"seat {seat} sees {sorted(leaked)}"
        # Discards and the stock are never shown, not even once the deal is over.
        hidden = (set(state.discards) | set(state.setup.deck[state.stock_top : state.stock_end])) - public
        assert not (cards_in(view) & hidden)


def check_state(state: State, total: int) -> None:
    assert card_places(state) == Counter(state.setup.deck)
    assert sum(state.stacks) + sum(state.holds) + state.bank == total
    assert min(state.stacks) >= 0 and min(state.holds) >= 0 and state.bank >= 0
    assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state


def play_checked(
    state: State, bots: list, total: int, *, views: bool
) -> tuple[State, list[tuple[int, Action]]]:
    log: list[tuple[int, Action]] = []
    check_state(state, total)
    for _ in range(2000):
        if is_over(state):
            break
        seat = to_act(state)
        assert seat is not None
        view = observe(state, seat)
        action = bots[seat].choose(view)
        assert action.to_json() in view["legal_actions"]
        state, events = apply(state, seat, action)
        json.dumps([e.to_json() for e in events])
        log.append((seat, action))
        check_state(state, total)
        if views:
            check_views(state)
    assert is_over(state)
    return state, log


table = st.fixed_dictionaries(
    {
        "preset": st.sampled_from(sorted(PRESETS)),
        "players": st.integers(2, 12),
        "kind": st.sampled_from(sorted(BOTS)),
        "seed": st.binary(min_size=1, max_size=8),
        "stake": st.integers(0, 12),
        "stacks": st.lists(st.integers(0, 400), min_size=8, max_size=8),
        "bank": st.integers(0, 60),
        "dealer": st.integers(0, 7),
        "deals": st.integers(1, 5),
    }
)


@SETTINGS
@given(t=table)
def test_deal_invariants(t: dict[str, Any]) -> None:
    rules = PRESETS[t["preset"]]
    n = min(max(t["players"], rules.min_players), rules.max_players)
    stacks = t["stacks"][:n]
    bank = t["bank"]
    dealer = t["dealer"] % n
    total = sum(stacks) + bank
    redeal = False
    bots = [BOTS[t["kind"]](t["seed"] + bytes([s])) for s in range(n)]
    for k in range(t["deals"]):
        deal_seed = t["seed"] + k.to_bytes(2, "big")
        deck = shuffled_deck(deal_seed, rules.deck_for(n))
        try:
            start = new_deal(rules, stake=t["stake"], stacks=stacks, bank=bank, dealer=dealer, deck=deck,
                             redeal=redeal)
        except EngineError as exc:
            # Only a table that cannot seat two paying players may refuse to deal.
            assert exc.code == "illegal_action"
            must_ante = rules.ante_policy == "every_deal" or bank == 0 or redeal
            able = sum(1 for s in stacks if not must_ante or s >= t["stake"])
            assert able < 2
            return
        final, log = play_checked(start, bots, total, views=k == 0)
        out = outcome(final)
        if out.result in ("played", "instant_win"):
            assert sum(out.tricks) == rules.hand_size
        else:
            assert out.result == "redeal" and sum(out.tricks) == 0 and not any(out.payouts)
        assert list(final.stacks) == list(out.stacks) and final.bank == out.bank
        assert sum(final.holds) == 0
        # Rebuild: the seed gives the deck back, the log gives the deal back.
        again = new_deal(rules, stake=t["stake"], stacks=stacks, bank=bank, dealer=dealer,
                         deck=shuffled_deck(deal_seed, rules.deck_for(n)), redeal=redeal)
        for seat, action in log:
            again, _ = apply(again, seat, action)
        assert again == final
        stacks, bank, dealer = list(out.stacks), out.bank, out.next_dealer
        redeal = out.result == "redeal"
        assert sum(stacks) + bank == total


@SETTINGS
@given(t=table)
def test_long_tables_conserve_chips(t: dict[str, Any]) -> None:
    """Longer sequences without per-step view checks: bank carry-over over many deals."""
    from games.engine.bots import play_table

    rules = PRESETS[t["preset"]]
    n = min(max(t["players"], rules.min_players), rules.max_players)
    stacks = [s + 50 for s in t["stacks"][:n]]
    bots = [BOTS[t["kind"]](s) for s in range(n)]
    result = play_table(rules, bots, stake=max(1, t["stake"]), stacks=stacks, deals=12, seed=t["seed"],
                        bank=t["bank"], dealer=t["dealer"] % n)
    assert sum(result.stacks) + result.bank == sum(stacks) + t["bank"]
    banks = [o["bank"] for o in result.outcomes]
    assert all(b >= 0 for b in banks)
    if result.stopped is None:
        assert len(result.outcomes) == 12
