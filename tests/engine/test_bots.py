"""Bots: they see only ``observe`` views, play legal moves, are reproducible, and Basic beats Random."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.engine import PRESETS, Action, apply, new_deal, observe
from games.engine.bots import BOTS, BasicBot, RandomBot, play_deal, play_table
from games.engine.replay import run_scenario

EXAMPLE = json.loads((Path(__file__).parent / "scenarios" / "classic_example.json").read_text("utf-8"))


def example_states():
    """(state, seat, scripted action) before each action of the SCENARIOS.md worked example."""
    state = new_deal(PRESETS["classic"], stake=5, stacks=[100] * 4, bank=0, dealer=0,
                     deck=EXAMPLE["deals"][0]["deck"])
    for act in EXAMPLE["deals"][0]["actions"]:
        seat = act["seat"]
        action = Action.from_json({k: v for k, v in act.items() if k != "seat"})
        yield state, seat, action
        state, _ = apply(state, seat, action)


def test_registry() -> None:
    assert set(BOTS) == {"random", "basic"}
    assert BOTS["random"] is RandomBot and BOTS["basic"] is BasicBot


# Decisions of the worked example a sensible player makes the same way (index: why).
#  0 seat 1 AH KH AS 6C, trumps A K: snore.   1 seat 2 QH KS 10D 7C, trump Q: help.
#  2 seat 3 no trump: pass.                   7 seat 1 gives his one low non-trump 6C.
#  8 seat 2 gives 7C 10D, keeps KS and QH.   10 seat 1 must trump KC: the cheaper KH wins.
# 11 seat 2 cannot beat KH: throws JH.       14 seat 3 must trump AS: 8H.
@pytest.mark.parametrize("index", [0, 1, 2, 7, 8, 10, 11, 14])
def test_basic_bot_sensible_choices(index: int) -> None:
    for k, (state, seat, scripted) in enumerate(example_states()):
        if k == index:
            chosen = BasicBot(1).choose(observe(state, seat))
            assert chosen.do == scripted.do
            assert set(chosen.cards) == set(scripted.cards)
            assert chosen.card == scripted.card
            return
    raise AssertionError("index beyond the example")


def test_basic_bot_leads_an_ace_and_dumps_low() -> None:
    states = list(example_states())
    state, seat, _ = states[12]  # seat 1 leads trick 2 holding AH AS KD
    assert BasicBot(0).choose(observe(state, seat)).card in ("AS", "AH")


def test_random_bot_is_uniform_over_legal_and_seeded() -> None:
    state, seat, _ = next(iter(example_states()))
    view = observe(state, seat)
    legal = [Action.from_json(a) for a in view["legal_actions"]]
    picks = [RandomBot(7).choose(view) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2]  # same seed, same pick
    seen = {RandomBot(s).choose(view) for s in range(200)}
    assert seen == set(legal)


def test_bots_refuse_when_not_their_turn() -> None:
    state, seat, _ = next(iter(example_states()))
    other = (seat + 1) % 4
    view = observe(state, other)
    assert view["legal_actions"] == []
    with pytest.raises(ValueError):
        RandomBot(0).choose(view)
    with pytest.raises(ValueError):
        BasicBot(0).choose(view)


class _Spy:
    """Wraps a bot and checks it is only ever handed a plain JSON-able view."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.calls = 0

    def choose(self, view):
        assert isinstance(view, dict)
        json.dumps(view)
        self.calls += 1
        return self.bot.choose(view)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("kind", ["random", "basic"])
def test_bot_tables_replay_identically(preset: str, kind: str) -> None:
    """A bot table's decks and action logs, written as a scenario file, replay to the same result."""
    rules = PRESETS[preset]
    seats = min(4, rules.max_players)
    bots = [_Spy(BOTS[kind](s)) for s in range(seats)]
    result = play_table(rules, bots, stake=5, stacks=[150] * seats, deals=6, seed=preset.encode())
    assert result.outcomes and all(b.calls for b in bots)
    scenario = {"preset": preset, "stake": 5, "stacks": [150] * seats, "bank": 0, "dealer": 0,
                "deals": result.deals}
    output, status = run_scenario(json.loads(json.dumps(scenario)))
    assert status == 0
    assert output["deals"] == result.outcomes
    assert output["stacks"] == result.stacks and output["bank"] == result.bank
    again = play_table(rules, [BOTS[kind](s) for s in range(seats)], stake=5, stacks=[150] * seats,
                       deals=6, seed=preset.encode())
    assert again.deals == result.deals


@pytest.mark.parametrize("preset", list(PRESETS))
def test_basic_beats_random(preset: str) -> None:
    """2 BasicBots against 2 RandomBots, seats alternating, 60 tables x 8 deals = 480 deals."""
    rules = PRESETS[preset]
    totals = {"basic": 0, "random": 0}
    deals = 0
    for i in range(60):
        kinds = ["basic", "random"] * 2 if i % 2 == 0 else ["random", "basic"] * 2
        bots = [BOTS[k](i * 7 + s) for s, k in enumerate(kinds)]
        seed = b"vs" + i.to_bytes(2, "big")
        result = play_table(rules, bots, stake=5, stacks=[300] * 4, deals=8, seed=seed)
        deals += len(result.outcomes)
        for s, k in enumerate(kinds):
            totals[k] += result.stacks[s] - 300
    assert deals >= 400
    # A clear margin: Basic ends ahead by more than 10 chips a deal (stake 5).
    assert totals["basic"] - totals["random"] > 10 * deals, totals


def test_play_deal_returns_replayable_log() -> None:
    state, _, _ = next(iter(example_states()))
    _final, log = play_deal(state, [BasicBot(s) for s in range(4)])
    scenario = {**{k: EXAMPLE[k] for k in ("preset", "stake", "stacks", "bank", "dealer")},
                "deals": [{"deck": EXAMPLE["deals"][0]["deck"], "actions": log}]}
    output, status = run_scenario(scenario)
    assert status == 0 and len(output["deals"]) == 1
    assert sum(output["stacks"]) + output["bank"] == 400


def test_bench_cli_smoke(capsys) -> None:
    """The benchmark runs and reports every number it promises (speed itself is not asserted:
    CI machines are shared; the acceptance figures are measured by hand)."""
    from games.engine.bench import main as bench_main

    assert bench_main(["--deals", "15", "--preset", "classic", "--players", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    (row,) = report["results"]
    assert row["preset"] == "classic" and row["players"] == 3 and row["deals"] == 15
    keys = ("deals_per_s", "deals_per_cpu_s", "actions_per_s", "apply_median_us", "apply_p99_us",
            "peak_memory_kib")
    for key in keys:
        assert row[key] > 0
    assert bench_main(["--preset", "student", "--players", "2", "--deals", "5"]) == 2
