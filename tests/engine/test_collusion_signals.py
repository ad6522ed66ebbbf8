"""Collusion signals on scripted bots: two partners who pass to each other's snores and never beat
each other's winning cards are flagged; honest bots are not."""

from __future__ import annotations

from games.collusion import pair_scores, record_from_moves
from games.engine import PRESETS, Action, apply, is_over, new_deal, observe, to_act
from games.engine.bots import BasicBot
from games.engine.shuffle import shuffled_deck


class Partner:
    """A basic bot that helps its partner: it passes when he snores and plays under his winning card."""

    def __init__(self, partner: int, seed: int) -> None:
        self.partner = partner
        self.basic = BasicBot(seed=seed)

    def choose(self, view: dict) -> Action:
        legal = view["legal_actions"]
        if view.get("snorer") == self.partner and any(a["do"] == "pass" for a in legal):
            return Action("pass")
        trick = view.get("trick") or []
        plays = [a for a in legal if a["do"] == "play" and a.get("as") != "joker"]
        if trick and plays:
            winner = trick[0]
            for t in trick[1:]:
                w, c = winner["card"], t["card"]
                trump = view.get("trump")
                if (c[-1] == trump and w[-1] != trump) or (c[-1] == w[-1] and _rank(c) > _rank(w)):
                    winner = t
            if winner["seat"] == self.partner:
                return Action.from_json(min(plays, key=lambda a: _rank(a["card"])))
        return self.basic.choose(view)


def _rank(card: str) -> int:
    return ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A").index(card[:-1])


def _play(bots, deals: int, seed: bytes) -> list:
    rules = PRESETS["classic"]
    stacks, bank, dealer, redeal = [10_000] * 4, 0, 0, False
    records = []
    for k in range(deals):
        state = new_deal(
            rules,
            stake=5,
            stacks=stacks,
            bank=bank,
            dealer=dealer,
            deck=shuffled_deck(seed + k.to_bytes(4, "big"), 36),
            redeal=redeal,
        )
        moves = []
        while not is_over(state):
            seat = to_act(state)
            action = bots[seat].choose(observe(state, seat))
            moves.append((state, seat, action))
            state, _events = apply(state, seat, action)
        records.append(record_from_moves(k, [100, 101, 102, 103], moves, state))
        out = state.outcome
        stacks, bank, dealer, redeal = list(out.stacks), out.bank, out.next_dealer, out.result == "redeal"
    return records


def test_two_partners_are_flagged_and_honest_players_are_not():
    bots = [Partner(partner=2, seed=1), BasicBot(seed=2), Partner(partner=0, seed=3), BasicBot(seed=4)]
    scores = {(p.a, p.b): p for p in pair_scores(_play(bots, 300, b"collude"))}
    partners = scores[(100, 102)]
    assert partners.flagged, partners
    assert partners.signals["pass"] > 5
    for pair, score in scores.items():
        if pair != (100, 102):
            assert not score.flagged, (pair, score)


def test_tables_of_honest_bots_raise_no_flag():
    for seed in (b"honest-1", b"honest-2", b"honest-3"):
        bots = [BasicBot(seed=s) for s in range(4)]
        assert not [p for p in pair_scores(_play(bots, 300, seed)) if p.flagged], seed
