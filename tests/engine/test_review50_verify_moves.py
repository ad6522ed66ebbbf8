"""Review 50: ``python -m games.engine.verify`` called a deal fair whose moves could not have been
played from its deck: the seed, the deck and the hands checked out, but the file showed a player
playing a card dealt to another (the replay refused it, and the verifier read past the refusal). A
history whose moves do not follow from the deck is now reported, with the move, and exits 1."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from games.engine.shuffle import commitment, shuffled_deck
from games.engine.verify import verify_scenario

ROOT = Path(__file__).resolve().parents[2]
SEED = bytes(range(32))


def _scenario(last_card_from_seat: int) -> dict:
    deck = list(shuffled_deck(SEED, 36))
    order = [1, 2, 3, 0]  # dealer 0: from his left, the dealer last
    hands: list[list[str]] = [[], [], [], []]
    for r in range(4):
        for k, seat in enumerate(order):
            hands[seat].append(deck[r * 4 + k])
    actions = [
        {"seat": 1, "do": "snore"},
        {"seat": 2, "do": "help"},
        {"seat": 3, "do": "pass"},
        {"seat": 0, "do": "pass"},
        {"seat": 3, "do": "pass"},
        {"seat": 0, "do": "pass"},
        {"seat": 1, "do": "exchange", "cards": []},
        {"seat": 2, "do": "exchange", "cards": []},
        {"seat": 1, "do": "play", "card": hands[last_card_from_seat][0]},
    ]
    fair = {
        "commitment": commitment(SEED),
        "seed": SEED.hex(),
        "contributions": [],
        "dealt": order,
        "hands": hands,
        "dealer": 0,
    }
    return {
        "preset": "classic",
        "stake": 5,
        "stacks": [100] * 4,
        "bank": 0,
        "dealer": 0,
        "deals": [{"deck": deck, "actions": actions, "_deal": {"number": 2}, "_fair": fair}],  # a later deal
    }


def test_moves_that_do_not_follow_from_the_deck_are_not_fair():
    scenario = _scenario(last_card_from_seat=0)  # seat 1 plays a card dealt to seat 0
    result, status = verify_scenario(json.loads(json.dumps(scenario)))
    assert status == 1 and not result["ok"], result
    problems = " ".join(result["deals"][0]["problems"])
    assert "move 9" in problems and "You do not hold" in problems, problems
    done = subprocess.run(
        [sys.executable, "-m", "games.engine.verify", "-"],
        input=json.dumps(scenario),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 1, done.stdout + done.stderr


def test_moves_from_the_players_own_hands_still_pass():
    result, status = verify_scenario(json.loads(json.dumps(_scenario(last_card_from_seat=1))))
    assert status == 0 and result["ok"], result
