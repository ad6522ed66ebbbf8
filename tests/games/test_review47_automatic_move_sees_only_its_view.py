"""Review 47: a bot's move, or the clock's for an absent player, uses nothing the seat could not see.

``_automatic_move`` is handed the whole engine state (every hand, the stock's order). Here the
cards the seat cannot see - the other hands and the stock - are dealt again among themselves: where
the seat's own view is unchanged by that, its bot's move and its default move must be unchanged too."""

from __future__ import annotations

import dataclasses
import random
from types import SimpleNamespace

from games.engine import PRESETS, apply, is_over, observe
from games.engine.bots import BasicBot, RandomBot
from games.engine.engine import new_deal
from games.engine.shuffle import shuffled_deck
from games.services.acting import _automatic_move


def _scrambled(state, seat: int, rng: random.Random):
    """``state`` with the cards unseen by ``seat`` (other hands, the stock) redistributed."""
    deck = list(state.setup.deck)
    stock = list(range(state.stock_top, state.stock_end))
    others = [s for s in range(len(state.hands)) if s != seat]
    pool = [c for s in others for c in state.hands[s]] + [deck[i] for i in stock]
    rng.shuffle(pool)
    cards = iter(pool)
    hands = list(state.hands)
    for s in others:
        hands[s] = tuple(next(cards) for _ in state.hands[s])
    for i in stock:
        deck[i] = next(cards)
    setup = dataclasses.replace(state.setup, deck=tuple(deck))
    return dataclasses.replace(state, hands=tuple(hands), setup=setup)


def test_bots_and_the_clock_choose_from_the_seats_own_view_only():
    rng = random.Random(47)
    compared = 0
    for preset in sorted(PRESETS):
        rules = PRESETS[preset]
        for index in range(12):
            n = min(rules.max_players, max(rules.min_players, 3 + index % 3))
            deck = shuffled_deck(b"%s%d" % (preset.encode(), index), rules.deck_for(n))
            state = new_deal(rules, stake=5, stacks=[400] * n, bank=0, dealer=index % n, deck=deck)
            drivers = [RandomBot(f"{preset}{index}{s}") for s in range(n)]
            for step in range(200):
                if is_over(state):
                    break
                seat = state.queue[0]
                other = _scrambled(state, seat, rng)
                if other.hands != state.hands and observe(other, seat) == observe(state, seat):
                    deal = SimpleNamespace(pk=index, commitment=f"c{index}", seq=step)
                    for is_bot in (True, False):
                        holder = SimpleNamespace(is_bot=is_bot)
                        mine = _automatic_move(deal, state, seat, holder)
                        theirs = _automatic_move(deal, other, seat, holder)
                        assert mine == theirs, (preset, index, step, is_bot)
                    compared += 1
                    assert BasicBot(step).choose(observe(other, seat)) == BasicBot(step).choose(
                        observe(state, seat)
                    )
                state, _events = apply(state, seat, drivers[seat].choose(observe(state, seat)))
    assert compared >= 500, compared
