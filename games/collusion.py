"""Collusion signals: pairs of players who treat each other unlike they treat the rest of the table.

Pure functions over ``DealRecord`` (what a deal tells about who did what to whom); the database side
(``games.services.collusion``) builds the records from the action log and stores flagged pairs.

Four signals, each measured for an ordered pair (A towards B) against A's own behaviour towards
everybody else, so a timid player who passes a lot is not mistaken for a partner:

* pass: when B snores, A passes (leaves B alone with the bank) far more often than when others snore;
* duck: when B's card is winning a trick and A could beat it, A plays under it far more often than
  under other players' cards (soft play: never contesting each other);
* feed: penalties A pays into the bank are collected by B in the next deal far more than B's usual
  share of payouts would give;
* flow: chips go from A to B (A loses in deals B wins) much more than from B to A.

Each signal is a z-score of a binomial excess (or a share), so a handful of deals cannot raise one;
a pair is flagged after ``MIN_DEALS`` together when one signal passes ``FLAG_SIGNAL`` or their sum
passes ``FLAG_SCORE``.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

MIN_DEALS = 12
#: Flag a pair when one signal is this strong, or all of them together this strong. Tuned on scripted
#: bots (tests/engine/test_collusion_signals.py): honest tables of basic bots stay under 2 and 5.
FLAG_SIGNAL = 5.0
FLAG_SCORE = 8.0
_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


@dataclass(frozen=True)
class PlayChance:
    """A moment when ``seat`` could beat the card winning the trick (played by ``winner``)."""

    seat: int
    winner: int
    beat: bool  # did he beat it


@dataclass
class DealRecord:
    """What one deal says about its players (engine seats mapped to people by ``people``)."""

    deal_id: int
    people: list[int | None]  # a person's id per engine seat; None for a bot or an empty part
    dealt: list[int]  # engine seats dealt in
    snorer: int | None
    statuses: list[str]
    nets: list[int]  # stack after − stack before
    payouts: list[int]
    penalties: list[int]
    chances: list[PlayChance] = field(default_factory=list)


@dataclass
class PairScore:
    a: int
    b: int
    deals: int
    signals: dict[str, float]
    score: float
    deal_ids: list[int]

    @property
    def flagged(self) -> bool:
        strong = max(self.signals.values(), default=0.0) >= FLAG_SIGNAL or self.score >= FLAG_SCORE
        return self.deals >= MIN_DEALS and strong


def card_beats(card: str, best: str, *, led: str, trump: str | None) -> bool:
    """Does ``card`` beat ``best``, the card now winning a trick led in suit ``led``?"""
    suit, best_suit = card[-1], best[-1]
    if trump and suit == trump and best_suit != trump:
        return True
    if suit != best_suit:
        return False
    return _RANKS.index(card[:-1]) > _RANKS.index(best[:-1])


def _z(hits: int, tries: int, base: float) -> float:
    """How many standard deviations ``hits`` of ``tries`` lie above ``base`` (0 for few tries)."""
    if tries == 0:
        return 0.0
    base = min(max(base, 0.02), 0.98)
    return (hits - tries * base) / math.sqrt(tries * base * (1 - base))


def pair_scores(records: Iterable[DealRecord]) -> list[PairScore]:
    records = list(records)
    together: dict[tuple[int, int], list[int]] = defaultdict(list)
    # pass: (A, snorer B) -> [passes, chances]; A's own rate against anyone.
    pass_vs: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    pass_all: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    duck_vs: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    duck_all: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    # flow: per deal, chips from A to B less chips from B to A (for A < B).
    flow: dict[tuple[int, int], list[float]] = defaultdict(list)
    # feed: per penalty A paid, (share of the next deal's payouts B collected, B's usual share).
    feed: dict[tuple[int, int], list[tuple[float, float]]] = defaultdict(list)
    share: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0])  # B's payouts, all payouts
    previous: DealRecord | None = None
    for record in records:
        people = record.people
        dealt_people = [people[s] for s in record.dealt if people[s] is not None]
        for a in dealt_people:
            for b in dealt_people:
                if a != b:
                    together[(a, b)].append(record.deal_id)
        snorer = record.snorer
        if snorer is not None:
            b = people[snorer]
            for s in record.dealt:
                a = people[s]
                if a is None or s == snorer:
                    continue
                passed = record.statuses[s] == "pass"
                pass_all[a][0] += passed
                pass_all[a][1] += 1
                if b is not None:
                    pass_vs[(a, b)][0] += passed
                    pass_vs[(a, b)][1] += 1
        for chance in record.chances:
            a, b = people[chance.seat], people[chance.winner]
            if a is None:
                continue
            ducked = not chance.beat
            duck_all[a][0] += ducked
            duck_all[a][1] += 1
            if b is not None:
                duck_vs[(a, b)][0] += ducked
                duck_vs[(a, b)][1] += 1
        gains = {s: record.nets[s] for s in record.dealt if record.nets[s] > 0}
        total_gain = sum(gains.values())
        moved: dict[tuple[int, int], float] = defaultdict(float)
        if total_gain:
            for s in record.dealt:
                a = people[s]
                if a is None or record.nets[s] >= 0:
                    continue
                for w, gain in gains.items():
                    b = people[w]
                    if b is not None and b != a:
                        moved[(a, b)] += -record.nets[s] * gain / total_gain
        for x in dealt_people:
            for y in dealt_people:
                if x < y:
                    flow[(x, y)].append(moved[(x, y)] - moved[(y, x)])
        if previous is not None and previous.people == record.people:
            paid_total = sum(record.payouts)
            if paid_total:
                for s, penalty in enumerate(previous.penalties):
                    a = previous.people[s]
                    if a is None or not penalty:
                        continue
                    for w, payout in enumerate(record.payouts):
                        b = record.people[w]
                        if b is not None and b != a:
                            usual = share[b][0] / share[b][1] if share[b][1] else 0.0
                            feed[(a, b)].append((payout / paid_total, usual))
        for w, payout in enumerate(record.payouts):
            b = people[w]
            if b is not None:
                share[b][0] += payout
                share[b][1] += sum(record.payouts)
        previous = record
    out = []
    pairs = {tuple(sorted(p)) for p in together}
    for a, b in pairs:
        deals = len(together[(a, b)])
        signals: dict[str, float] = {}
        for name, vs, alls in (("pass", pass_vs, pass_all), ("duck", duck_vs, duck_all)):
            z = 0.0
            for x, y in ((a, b), (b, a)):
                hits, tries = vs[(x, y)]
                others = [alls[x][0] - hits, alls[x][1] - tries]
                base = others[0] / others[1] if others[1] else 0.5
                z = max(z, _z(hits, tries, base))
            signals[name] = round(z, 2)
        # A t-like statistic of the per-deal flows: luck goes both ways, a pair's arrangement does not.
        d = flow[(min(a, b), max(a, b))]
        spread = math.sqrt(sum(x * x for x in d))
        signals["flow"] = round(abs(sum(d)) / spread if spread else 0.0, 2)
        feed_z = 0.0
        for x, y in ((a, b), (b, a)):
            events = feed[(x, y)]
            if events:
                excess = sum(got - usual for got, usual in events)
                var = sum(max(usual * (1 - usual), 0.02) for _got, usual in events)
                feed_z = max(feed_z, excess / math.sqrt(var))
        signals["feed"] = round(feed_z, 2)
        score = sum(max(0.0, v) for v in signals.values())
        out.append(
            PairScore(
                a=a,
                b=b,
                deals=deals,
                signals=signals,
                score=round(score, 2),
                deal_ids=sorted(together[(a, b)])[-50:],
            )
        )
    out.sort(key=lambda p: -p.score)
    return out


def _winning(trick: tuple, trump: str | None) -> tuple[int, str] | None:
    """(seat, card) winning a trick so far; None when a joker is in it (it wins whatever is played)."""
    if not trick or any(joker for _seat, _card, joker in trick):
        return None
    led = trick[0][1][-1]
    seat, best = trick[0][0], trick[0][1]
    for s, card, _joker in trick[1:]:
        if card_beats(card, best, led=led, trump=trump):
            seat, best = s, card
    return seat, best


def play_chances(moves: Iterable[tuple[object, int, object]]) -> list[PlayChance]:
    """``moves``: (state before, seat, action) of a deal. Every play where the seat could have beaten
    the card then winning or not, and whether it did."""
    from .engine import legal_actions

    out = []
    for state, seat, action in moves:
        if getattr(action, "do", None) != "play" or action.as_ == "joker":
            continue
        winning = _winning(state.trick, state.trump or None)
        if winning is None or winning[0] == seat:
            continue
        led = state.trick[0][1][-1]
        trump = state.trump or None
        could = [a.card for a in legal_actions(state, seat) if a.do == "play" and a.as_ != "joker"]
        beats = [card_beats(c, winning[1], led=led, trump=trump) for c in could]
        # A chance is a choice: forced to beat (or unable to) says nothing about ducking.
        if all(beats) or not any(beats):
            continue
        out.append(
            PlayChance(
                seat=seat, winner=winning[0], beat=card_beats(action.card, winning[1], led=led, trump=trump)
            )
        )
    return out


def record_from_moves(
    deal_id: int, people: list[int | None], moves: list[tuple[object, int, object]], final: object
) -> DealRecord:
    """A ``DealRecord`` from a deal's moves (state before, seat, action) and its final state."""
    out = final.outcome
    setup = final.setup
    nets = [out.stacks[s] - setup.start_stacks[s] for s in range(setup.seats)]
    snorer = final.snorer if final.snorer >= 0 else None
    return DealRecord(
        deal_id=deal_id,
        people=people,
        dealt=list(setup.dealt),
        snorer=snorer,
        statuses=list(out.statuses),
        nets=nets,
        payouts=list(out.payouts),
        penalties=list(out.penalties),
        chances=play_chances(moves),
    )
