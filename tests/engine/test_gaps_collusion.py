"""Collusion signals other than "pass": a partner who ducks under his partner's winning cards (scripted
bots through the engine), penalties fed into banks the partner wins, and chips flowing one way
between a pair (scripted deal records); each is flagged on its own signal, honest play is not."""

from __future__ import annotations

import random

from games.collusion import FLAG_SIGNAL, DealRecord, pair_scores
from games.engine import Action
from games.engine.bots import BasicBot
from tests.engine.test_collusion_signals import _play

_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def _beats(card: str, best: str, trump: str | None) -> bool:
    if trump and card[-1] == trump and best[-1] != trump:
        return True
    return card[-1] == best[-1] and _ORDER.index(card[:-1]) > _ORDER.index(best[:-1])


class Ducker:
    """A basic bot in everything (it bids against its partner like against anyone), except that it
    never beats a card of its partner's that is winning the trick: it plays its lowest card under it."""

    def __init__(self, partner: int, seed: int) -> None:
        self.partner = partner
        self.basic = BasicBot(seed=seed)

    def choose(self, view: dict) -> Action:
        trick = view.get("trick") or []
        plays = [a for a in view["legal_actions"] if a["do"] == "play" and a.get("as") != "joker"]
        if trick and plays:
            winner = trick[0]
            for t in trick[1:]:
                if _beats(t["card"], winner["card"], view.get("trump")):
                    winner = t
            if winner["seat"] == self.partner:
                under = [a for a in plays if not _beats(a["card"], winner["card"], view.get("trump"))]
                if under:
                    return Action.from_json(min(under, key=lambda a: _ORDER.index(a["card"][:-1])))
        return self.basic.choose(view)


PEOPLE = [100, 101, 102, 103]  # the members _play seats, in engine order


def _scores(records) -> dict[tuple[int, int], object]:
    return {(p.a, p.b): p for p in pair_scores(records)}


def test_a_player_who_ducks_under_his_partners_winning_cards_is_flagged_on_duck():
    bots = [Ducker(partner=2, seed=1), BasicBot(seed=2), Ducker(partner=0, seed=3), BasicBot(seed=4)]
    scores = _scores(_play(bots, 300, b"ducking"))
    pair = scores[(100, 102)]
    assert pair.flagged, pair
    # Duck is what gives them away: the strongest signal of the pair, and nobody else ducks at all.
    assert pair.signals["duck"] == max(pair.signals.values()) >= FLAG_SIGNAL, pair.signals
    assert pair.signals["pass"] < FLAG_SIGNAL, pair.signals  # they bid honestly against each other
    for other, score in scores.items():
        if other != (100, 102):
            assert not score.flagged and score.signals["duck"] < 1, (other, score)
    # The same decks played by honest bots: no duck signal, nobody flagged.
    honest = _scores(_play([BasicBot(seed=s) for s in (1, 2, 3, 4)], 300, b"ducking"))
    assert max(p.signals["duck"] for p in honest.values()) < 1
    assert not [p for p in honest.values() if p.flagged]


def _record(k: int, *, penalties=(0, 0, 0, 0), payouts=(0, 0, 0, 0), nets=(0, 0, 0, 0)) -> DealRecord:
    return DealRecord(
        deal_id=k,
        people=list(PEOPLE),
        dealt=[0, 1, 2, 3],
        snorer=None,
        statuses=["pass"] * 4,
        nets=list(nets),
        payouts=list(payouts),
        penalties=list(penalties),
    )


def test_penalties_fed_into_banks_the_partner_wins_are_flagged_on_feed():
    """Player 100 fails on purpose every other deal; the bank his penalty went into is always won by
    101 in the next deal. In the other deals the bank goes round the table."""
    records = []
    for k in range(120):
        if k % 2 == 0:
            records.append(_record(k, penalties=(20, 0, 0, 0), payouts=_one(k // 2 % 4, 20)))
        else:
            records.append(_record(k, payouts=_one(1, 20)))
    pair = _scores(records)[(100, 101)]
    assert pair.signals["feed"] >= FLAG_SIGNAL and pair.flagged, pair
    assert pair.signals["flow"] == 0 and pair.signals["pass"] == 0 and pair.signals["duck"] == 0
    # The same penalties, every bank won by whoever the cards favour (a seeded draw): no feed.
    rng = random.Random(11)
    honest = [
        _record(
            k, penalties=(20, 0, 0, 0) if k % 2 == 0 else (0, 0, 0, 0), payouts=_one(rng.randrange(4), 20)
        )
        for k in range(120)
    ]
    assert all(p.signals["feed"] < 2.5 and not p.flagged for p in _scores(honest).values())


def _one(seat: int, amount: int) -> tuple[int, ...]:
    return tuple(amount if s == seat else 0 for s in range(4))


def test_chips_flowing_one_way_between_a_pair_are_flagged_on_flow():
    rng = random.Random(7)
    records = []
    for k in range(60):
        # 102 and 103 win and lose by luck; 100 loses what 101 wins, deal after deal.
        luck = rng.choice((-10, 10))
        records.append(_record(k, nets=(-15, 15, luck, -luck)))
    scores = _scores(records)
    pair = scores[(100, 101)]
    assert pair.signals["flow"] >= FLAG_SIGNAL and pair.flagged, pair
    assert not scores[(102, 103)].flagged and scores[(102, 103)].signals["flow"] < 2.5
    # Luck both ways between the same two: no flow.
    rng = random.Random(7)
    honest = []
    for k in range(60):
        swing = rng.choice((-15, 15))
        honest.append(_record(k, nets=(-swing, swing, 0, 0)))
    assert all(p.signals["flow"] < 2.5 and not p.flagged for p in _scores(honest).values())
