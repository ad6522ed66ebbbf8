"""The basic bot exactly as it played when ``data/engine_digests.json.gz`` was recorded.

The differential test drives deals with it to check the engine, not the bot: ``BasicBot`` itself
may learn to play better (review 47 taught it to keep the Student joker) without the recording of
the engine's behaviour changing. Do not edit: any change here changes the recorded deals."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.engine import Action
from games.engine.bots import _SNORER_STATUSES, _rank, _suit


class RecordedBasicBot:
    """A plain, sensible player.

    Bidding: snore on a strong trump holding (an ace of trumps with another trump, or two trumps
    with one Q or better, or three trumps), take a helicopter/cheer/dealer wrap whenever offered
    (the rules only offer them on strong cards), help with a trump 10 or better or a trump plus an
    ace; otherwise pass. Exchange: give away the low non-trumps. Play: win the trick as cheaply
    as possible when it can (every trick is paid), otherwise throw the lowest card. Ties are
    broken by the seeded generator, so two BasicBots with different seeds do differ a little.
    """

    def __init__(self, seed: int | str | bytes | None = 0) -> None:
        self.rng = random.Random(seed)

    # -- helpers ----------------------------------------------------------------------------
    @staticmethod
    def _value(card: str, trump: str | None) -> int:
        """How much a card is worth keeping: trumps above everything, then rank."""
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
        ordinary = [a for a in plays if a.get("as") != "joker"]
        jokers = [a for a in plays if a.get("as") == "joker"]
        if not trick:
            # Lead: a sure winner (the best trump, or a plain ace) if held, else the lowest card.
            pool = ordinary or plays
            best = max(pool, key=lambda a: self._value(a["card"], trump))
            if _rank(best["card"]) == 14 or (_suit(best["card"]) == trump and _rank(best["card"]) >= 13):
                return best
            return min(pool, key=lambda a: (self._value(a["card"], trump), self.rng.random()))
        if any(t.get("joker") for t in trick):
            return min(ordinary or plays, key=lambda a: self._value(a["card"], trump))
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
        return min(ordinary or plays, key=lambda a: (self._value(a["card"], trump), self.rng.random()))
