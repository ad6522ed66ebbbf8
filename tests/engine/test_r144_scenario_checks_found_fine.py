"""Review 144: SCENARIOS.md checked against the replay, sentence by sentence, with odd values; what was
found as the document says is kept here."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from games.engine import PRESETS, apply, is_over, legal_actions, new_deal, outcome, to_act
from games.engine.replay import run_scenario
from games.engine.shuffle import canonical_deck

from .test_review38_scenario_files import EXAMPLE

STATUSES = {
    "snore",
    "help",
    "five",
    "six",
    "cheer",
    "mourn",
    "helicopter",
    "dark",
    "shoot",
    "blind",
    "pass",
    "out",
}


def _played(preset: str, seats: int, rng: random.Random) -> dict[str, Any]:
    """A file of up to three deals played with random legal moves, its last deal maybe cut short."""
    rules = PRESETS[preset]
    stake = rng.choice([1, 5])
    stacks = [rng.choice([0, stake, 30, 100]) for _ in range(seats)]
    stacks[0] = stacks[1] = 100  # two seats can always be dealt in
    bank, dealer, redeal = 0, rng.randrange(seats), False
    data: dict[str, Any] = {"preset": preset, "stake": stake, "stacks": list(stacks), "bank": 0,
                            "dealer": dealer, "deals": []}  # fmt: skip
    for _ in range(3):
        deck = list(canonical_deck(rules.deck_for(seats)))
        rng.shuffle(deck)
        try:
            state = new_deal(rules, stake=stake, stacks=tuple(stacks), bank=bank, dealer=dealer,
                             deck=tuple(deck), redeal=redeal)  # fmt: skip
        except Exception:  # fewer than two left able to ante: the file ends before
            break
        actions = []
        while not is_over(state):
            seat = to_act(state)
            action = rng.choice(legal_actions(state, seat))
            actions.append({"seat": seat, **action.to_json()})
            state, _ = apply(state, seat, action)
        data["deals"].append({"deck": deck, "actions": actions})
        done = outcome(state)
        stacks, bank, dealer, redeal = list(done.stacks), done.bank, done.next_dealer, done.result == "redeal"
    if rng.random() < 0.5:
        last = data["deals"][-1]
        last["actions"] = last["actions"][: rng.randrange(len(last["actions"]) + 1)]
    return data


@pytest.mark.parametrize(
    ("preset", "seats"),
    [(p, n) for p, r in PRESETS.items() for n in sorted({r.min_players, r.max_players})],
)
def test_every_preset_at_its_smallest_and_largest_table(preset: str, seats: int) -> None:
    rng = random.Random(f"{preset}-{seats}")
    for _ in range(4):
        data = _played(preset, seats, rng)
        output, status = run_scenario(copy.deepcopy(data))
        assert status == 0 and output["error"] is None
        assert list(output) == ["deals", "stacks", "bank", "dealer", "error"]
        # Chips: an unfinished deal's holds go back and its antes stay in the bank.
        assert sum(output["stacks"]) + output["bank"] == sum(data["stacks"]) + data["bank"]
        for entry in output["deals"]:
            assert list(entry) == ["result", "trump", "statuses", "tricks", "payouts", "penalties", "bank",
                                   "next_dealer"]  # fmt: skip
            assert entry["result"] in ("played", "redeal", "instant_win")
            assert set(entry["statuses"]) <= STATUSES
            assert all(len(entry[k]) == seats for k in ("statuses", "tricks", "payouts", "penalties"))
            if entry["result"] == "redeal":
                assert set(entry["statuses"]) <= {"pass", "out"}
                assert not any(entry["tricks"] + entry["payouts"] + entry["penalties"])
                assert (entry["trump"] is None) == (preset == "named5")
        if len(output["deals"]) == len(data["deals"]) and output["deals"]:
            assert output["dealer"] == output["deals"][-1]["next_dealer"]


def _example() -> dict[str, Any]:
    return json.loads(json.dumps(EXAMPLE))


@pytest.mark.parametrize(
    "spoil",
    [
        lambda d: d.update(stake=True),
        lambda d: d.update(bank=False),
        lambda d: d.update(dealer=True),
        lambda d: d["stacks"].__setitem__(2, True),
        lambda d: d["deals"][0]["actions"][0].update(seat=True),
        lambda d: d.update(rules={"hand_size": True}),
        lambda d: d.update(rules={"deck": [[True, 36]]}),
        lambda d: d.update(rules={"exchange_snorer": [0, True]}),
        lambda d: d.update(redeal=1),
        lambda d: d.update(stake=5.5),
        lambda d: d.update(stake=float("inf")),
    ],
)
def test_a_boolean_or_a_fraction_where_a_whole_number_goes_is_malformed(spoil) -> None:
    data = _example()
    spoil(data)
    output, status = run_scenario(data)
    assert status == 2, output


def test_a_boolean_position_is_refused_as_an_action() -> None:
    data = _example()
    data["deals"][0]["actions"].insert(0, {"seat": 1, "do": "wrap_swap", "position": True})
    output, status = run_scenario(data)
    assert status == 1 and output["error"]["code"] == "unknown_action"


def test_chips_of_2_to_the_64_play_as_any_others() -> None:
    data = _example()
    data.update(stake=5 * 2**64, stacks=[100 * 2**64] * 4)
    output, status = run_scenario(data)
    assert status == 0
    assert output["stacks"] == [s * 2**64 for s in (95, 105, 75, 105)]
