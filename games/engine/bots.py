"""Computer players, and a driver that plays whole deals and tables with them.

Bots see exactly what a human at the table sees: the dict of ``observe(state, seat)``, never the
``State`` (which holds every hand and the stock order). That keeps them honest, lets the site run
them through the same path as a person, and makes them usable as a fuzzer of ``observe``: if a
bot needed something the view lacks, the view would be lacking for people too.

* ``RandomBot`` picks uniformly among the legal actions in the view: the baseline, and a fuzzer
  for the engine (it reaches odd corners: dark bids, sixes, joker-as-seven...).
* ``BasicBot`` plays sensibly: bids on trump strength, throws away low non-trumps, wins tricks
  cheaply and otherwise dumps its lowest card.

Each bot owns a ``random.Random(seed)``, so a game between bots is reproducible from its seeds.
``play_deal`` / ``play_table`` drive bots through the engine; they are pure (no I/O, no clock).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.engine import (
    PRESETS,
    Action,
    EngineError,
    Rules,
    State,
    apply,
    is_over,
    new_deal,
    observe,
    outcome,
    to_act,
)
from games.engine.shuffle import shuffled_deck

__all__ = ["BOTS", "BasicBot", "Bot", "RandomBot", "TableResult", "play_deal", "play_table"]

_RANK = {r: i for i, r in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"), 2)}
_SNORER_BIDS = ("helicopter", "cheer", "snore", "dark", "shoot")
_HELPER_BIDS = ("help", "mourn")
_SNORER_STATUSES = frozenset({"snore", "cheer", "helicopter", "dark", "shoot", "blind"})


def _rank(card: str) -> int:
    return _RANK[card[:-1]]


def _suit(card: str) -> str:
    return card[-1]


class Bot(Protocol):
    """Anything with ``choose(view) -> Action``; the view is ``observe(state, seat)``."""

    def choose(self, view: Mapping[str, Any]) -> Action: ...


class RandomBot:
    """Uniform over the legal actions listed in the view."""

    def __init__(self, seed: int | str | bytes | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any]) -> Action:
        legal = view["legal_actions"]
        if not legal:
            raise ValueError("the view offers no legal action: it is not this seat's turn")
        return Action.from_json(self.rng.choice(legal))


class BasicBot:
    """A plain, sensible player.

    Bidding: snore on a strong trump holding (an ace of trumps with another trump, or two trumps
    with one Q or better, or three trumps), take a helicopter/cheer/dealer wrap whenever offered
    (the rules only offer them on strong cards), help with a trump 10 or better or a trump plus an
    ace; otherwise pass. Exchange: give away the low non-trumps. Play: win the trick as cheaply
    as possible when it can (every trick is paid), otherwise throw the lowest card. Ties are
    broken by the seeded generator, so two BasicBots with different seeds do differ a little.
    The joker (7♠) is kept above every trump and played only as the joker.

    ``joker``: whether the table plays the 7♠ as a joker; the view names only the preset, and a
    table may change its rules (``None``: as the preset says).
    """

    def __init__(self, seed: int | str | bytes | None = 0, *, joker: bool | None = None) -> None:
        self.rng = random.Random(seed)
        self.joker = joker
        self._jokers = False

    # -- helpers ----------------------------------------------------------------------------
    def _value(self, card: str, trump: str | None) -> int:
        """How much a card is worth keeping: the joker, then trumps above everything, then rank.
        Valued as a plain seven, the joker was given up in exchanges and discards (review 47)."""
        if self._jokers and card == "7S":
            return 100
        return _rank(card) + (20 if _suit(card) == trump else 0)

    def _pick(self, legal: list[dict[str, Any]], do: str, cards: Sequence[str]) -> dict[str, Any] | None:
        want = set(cards)
        matches = [a for a in legal if a["do"] == do and set(a.get("cards", ())) == want]
        if not matches:
            return None
        # Student's top/bottom choice: prefer the plain top draw (it is what a player sees fall).
        return min(matches, key=lambda a: sum(s != "top" for s in a.get("from", ())))

    def choose(self, view: Mapping[str, Any]) -> Action:
        legal: list[dict[str, Any]] = view["legal_actions"]
        if not legal:
            raise ValueError("the view offers no legal action: it is not this seat's turn")
        names = {a["do"] for a in legal}
        if self.joker is not None:
            self._jokers = self.joker
        else:
            rules = PRESETS.get(str(view.get("preset")))
            self._jokers = rules is not None and rules.joker
        if "look" in names and view.get("hand") is None:
            return Action.from_json({"do": "look"})
        need = view.get("need")
        hand: list[str] = list(view.get("hand") or [])
        trump = view.get("trump")
        if trump is None and hand:
            # Named-trump games: bid (and name) as if the hand's best suit were trump.
            trump = self._best_suit(hand)
        if "name_trump" in names:
            return Action.from_json({"do": "name_trump", "suit": trump})
        if "play" in names:
            return Action.from_json(self._play(view, legal, trump))
        if need in ("exchange", "shoot") or "exchange" in names:
            return Action.from_json(self._exchange(legal, hand, trump))
        if "discard" in names:
            count = len(next(a for a in legal if a["do"] == "discard")["cards"])
            worst = sorted(hand, key=lambda c: (self._value(c, trump), self.rng.random()))[:count]
            choice = self._pick(legal, "discard", worst)
            return Action.from_json(choice or self.rng.choice([a for a in legal if a["do"] == "discard"]))
        return Action.from_json(self._bid(view, legal, names, hand, trump))

    @staticmethod
    def _best_suit(hand: Sequence[str]) -> str:
        """The suit worth most as trump: length first, then the ranks it holds."""
        suits = {_suit(c) for c in hand}
        return max(sorted(suits), key=lambda s: (sum(_suit(c) == s for c in hand),
                                                 sum(_rank(c) for c in hand if _suit(c) == s)))

    def _bid(
        self, view: Mapping[str, Any], legal: list[dict[str, Any]], names: set[str], hand: list[str],
        trump: str | None,
    ) -> dict[str, Any]:
        trumps = sorted((_rank(c) for c in hand if _suit(c) == trump), reverse=True)
        aces = sum(1 for c in hand if _rank(c) == 14 and _suit(c) != trump)
        # A five-card snore must take 3 tricks: ask for one more trump, or an ace beside two.
        extra = max(0, int(view.get("snore_tricks", 2)) - 2)
        for special in ("helicopter", "cheer"):
            if special in names:
                return {"do": special}
        trump_card = view.get("trump_card")
        if "dark" in names and hand and trump_card and _rank(trump_card) == 14:
            return {"do": "dark"}  # dealer wrap: he takes the ace of trumps
        strong = (
            (trumps and trumps[0] == 14 and len(trumps) >= 2 + extra - min(extra, aces))
            or (len(trumps) >= 2 + extra and trumps[0] >= 12)
            or len(trumps) >= 3 + extra
        )
        if "snore" in names and strong:
            return {"do": "snore"}
        if "help" in names and view.get("trump") is None and view.get("seats", 0) > 2:
            # A named trump is the snorer's to name, not this hand's best suit: helping on that
            # guess failed more than half the time at Named-5 tables (review 47). Aces (and a king
            # beside one) take tricks whatever he names.
            all_aces = sum(_rank(c) == 14 for c in hand)
            kings = sum(_rank(c) == 13 for c in hand)
            return {"do": "help" if all_aces >= 2 or (all_aces and kings) else "pass"}
        if "help" in names and trumps and (trumps[0] >= 10 or aces >= 1):
            return {"do": "help"}
        return {"do": "pass"} if "pass" in names else self.rng.choice(legal)

    def _exchange(self, legal: list[dict[str, Any]], hand: list[str], trump: str | None) -> dict[str, Any]:
        sizes = sorted({len(a.get("cards", ())) for a in legal if a["do"] == "exchange"})
        lo, hi = sizes[0], sizes[-1]
        order = sorted(hand, key=lambda c: (self._value(c, trump), self.rng.random()))
        # ``order`` starts with the low non-trumps, so its first k cards are the ones to give.
        low = sum(1 for c in hand if _suit(c) != trump and _rank(c) < 12)
        k = min(max(low, lo), hi)
        choice = self._pick(legal, "exchange", order[:k])
        return choice or self.rng.choice([a for a in legal if a["do"] == "exchange"])

    def _play(
        self, view: Mapping[str, Any], legal: list[dict[str, Any]], trump: str | None
    ) -> dict[str, Any]:
        plays = [a for a in legal if a["do"] == "play"]
        trick = view.get("trick") or []
        # The 7♠ "as a seven" is never chosen: it would waste the joker on a trick of a seven.
        ordinary = [a for a in plays if "as" not in a]
        jokers = [a for a in plays if a.get("as") == "joker"]
        if not ordinary:
            return (jokers or plays)[0]
        if not trick:
            # Lead: a sure winner (the best trump, or a plain ace) if held, else the lowest card.
            pool = ordinary
            best = max(pool, key=lambda a: self._value(a["card"], trump))
            if _rank(best["card"]) == 14 or (_suit(best["card"]) == trump and _rank(best["card"]) >= 13):
                return best
            return min(pool, key=lambda a: (self._value(a["card"], trump), self.rng.random()))
        if any(t.get("joker") for t in trick):
            return min(ordinary, key=lambda a: self._value(a["card"], trump))
        led = _suit(trick[0]["card"])

        def strength(card: str) -> int:
            s = _suit(card)
            return _rank(card) + (100 if s == trump else 0 if s == led else -100)

        top = max(strength(t["card"]) for t in trick)
        winners = [a for a in ordinary if strength(a["card"]) > top]
        if winners:
            return min(winners, key=lambda a: strength(a["card"]))
        status = (view.get("statuses") or [None] * (view["seat"] + 1))[view["seat"]]
        tricks_made = (view.get("tricks") or [0] * (view["seat"] + 1))[view["seat"]]
        need = int(view.get("snore_tricks", 2)) if status in _SNORER_STATUSES else 1
        short = tricks_made < need
        if jokers and short:
            return jokers[0]
        return min(ordinary, key=lambda a: (self._value(a["card"], trump), self.rng.random()))


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "basic": BasicBot}


def play_deal(state: State, bots: Sequence[Bot], *, max_actions: int = 10_000) -> tuple[State, list[dict]]:
    """Let ``bots[seat]`` answer every turn until the deal is over; returns the final state and the
    action log in scenario spelling (``{"seat": s, "do": ...}``), so any bot deal can be replayed."""
    log: list[dict[str, Any]] = []
    for _ in range(max_actions):
        if is_over(state):
            return state, log
        seat = to_act(state)
        if seat is None:
            raise RuntimeError("the engine waits for nobody but the deal is not over")
        action = bots[seat].choose(observe(state, seat))
        state, _events = apply(state, seat, action)
        log.append({"seat": seat, **action.to_json()})
    raise RuntimeError(f"deal not over after {max_actions} actions")


@dataclass
class TableResult:
    """What a run of deals at one table produced (the input of the replay format, plus outcomes)."""

    stacks: list[int]
    bank: int
    dealer: int
    outcomes: list[dict[str, Any]] = field(default_factory=list)
    deals: list[dict[str, Any]] = field(default_factory=list)
    seeds: list[bytes] = field(default_factory=list)
    stopped: str | None = None


def play_table(
    rules: Rules,
    bots: Sequence[Bot],
    *,
    stake: int,
    stacks: Sequence[int],
    deals: int,
    seed: bytes,
    bank: int = 0,
    dealer: int = 0,
) -> TableResult:
    """Play up to ``deals`` deals at one table: bank carry-over, redeals and next dealers as the
    rules say; deal k uses ``shuffled_deck(seed + k.to_bytes(4, "big"))``. Stops early (with
    ``stopped`` set) when the table cannot go on, e.g. fewer than two players can ante."""
    result = TableResult(stacks=list(stacks), bank=bank, dealer=dealer)
    redeal = False
    size = rules.deck_for(len(stacks))
    for k in range(deals):
        deal_seed = seed + k.to_bytes(4, "big")
        deck = shuffled_deck(deal_seed, size)
        try:
            state = new_deal(
                rules, stake=stake, stacks=result.stacks, bank=result.bank, dealer=result.dealer,
                deck=deck, redeal=redeal,
            )
        except EngineError as exc:
            result.stopped = exc.message
            return result
        state, log = play_deal(state, bots)
        out = outcome(state)
        result.outcomes.append(out.to_json())
        result.deals.append({"deck": list(deck), "actions": log})
        result.seeds.append(deal_seed)
        result.stacks = list(out.stacks)
        result.bank = out.bank
        result.dealer = out.next_dealer
        redeal = out.result == "redeal"
    return result
