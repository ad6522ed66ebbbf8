"""SCENARIOS.md's worked Classic example, reproduced exactly at engine level."""

from __future__ import annotations

from games.engine import PRESETS, Action, ChipsMoved, apply, is_over, new_deal, outcome

DECK = ["AH", "QH", "6D", "JS", "KH", "KS", "7D", "8C", "AS", "10D", "8S", "6S", "6C", "7C", "9C", "7S",
        "7H",
        "10H", "8H", "JC", "QC", "KC", "KD", "JH", "AD",
        "9S", "10S", "QS", "6H", "9H", "8D", "9D", "JD", "QD", "10C", "AC"]
ACTIONS = [
    {"seat": 1, "do": "snore"}, {"seat": 2, "do": "help"}, {"seat": 3, "do": "pass"},
    {"seat": 0, "do": "pass"}, {"seat": 3, "do": "five"}, {"seat": 0, "do": "pass"},
    {"seat": 3, "do": "discard", "cards": ["JC"]},
    {"seat": 1, "do": "exchange", "cards": ["6C"]},
    {"seat": 2, "do": "exchange", "cards": ["7C", "10D"]},
    {"seat": 3, "do": "play", "card": "KC"}, {"seat": 1, "do": "play", "card": "KH"},
    {"seat": 2, "do": "play", "card": "JH"},
    {"seat": 1, "do": "play", "card": "AS"}, {"seat": 2, "do": "play", "card": "KS"},
    {"seat": 3, "do": "play", "card": "8H"},
    {"seat": 3, "do": "play", "card": "QC"}, {"seat": 1, "do": "play", "card": "AH"},
    {"seat": 2, "do": "play", "card": "QH"},
    {"seat": 1, "do": "play", "card": "KD"}, {"seat": 2, "do": "play", "card": "AD"},
    {"seat": 3, "do": "play", "card": "10H"},
]


def test_scenarios_worked_example_classic_exact_output() -> None:
    """SCENARIOS.md worked example: stacks [95,105,75,105], bank 20, next dealer 1."""
    state = new_deal(PRESETS["classic"], stake=5, stacks=[100] * 4, bank=0, dealer=0, deck=DECK)
    assert state.hands[1] == ("AH", "KH", "AS", "6C")
    assert state.hands[2] == ("QH", "KS", "10D", "7C")
    assert state.hands[3] == ("6D", "7D", "8S", "9C")
    assert state.hands[0] == ("JS", "8C", "6S", "7S")
    assert state.trump_card == "7H" and state.b0 == 20
    moves: list[ChipsMoved] = []
    for a in ACTIONS:
        data = dict(a)
        seat = data.pop("seat")
        state, events = apply(state, seat, Action.from_json(data))
        moves += [e for e in events if isinstance(e, ChipsMoved)]
    assert is_over(state)
    assert outcome(state).to_json() == {
        "result": "played", "trump": "H",
        "statuses": ["pass", "snore", "help", "five"],
        "tricks": [0, 2, 0, 2], "payouts": [0, 10, 0, 10], "penalties": [0, 0, 20, 0],
        "bank": 20, "next_dealer": 1,
    }
    assert outcome(state).stacks == (95, 105, 75, 105)
    assert state.bank == 20 and sum(state.holds) == 0
    kinds = sorted((m.kind, m.src, m.dst, m.amount) for m in moves)
    assert ("penalty", "hold:2", "bank", 20) in kinds
    assert ("payout", "bank", "stack:1", 10) in kinds and ("payout", "bank", "stack:3", 10) in kinds
    assert ("release", "hold:1", "stack:1", 40) in kinds and ("release", "hold:3", "stack:3", 20) in kinds


def test_worked_example_refuses_ace_of_diamonds_on_ace_of_spades() -> None:
    """SCENARIOS.md: had seat 2 answered AS with AD, illegal_action (he holds a spade)."""
    import pytest

    from games.engine import EngineError

    state = new_deal(PRESETS["classic"], stake=5, stacks=[100] * 4, bank=0, dealer=0, deck=DECK)
    for a in ACTIONS[:13]:
        data = dict(a)
        seat = data.pop("seat")
        state, _ = apply(state, seat, Action.from_json(data))
    with pytest.raises(EngineError) as e:
        apply(state, 2, Action.from_json({"do": "play", "card": "AD"}))
    assert e.value.code == "illegal_action"
