"""Engine benchmark: ``python -m games.engine.bench [--deals N] [--preset P] [--players K]``.

Plays N deals per preset with a uniform random player and prints JSON: deals/s and actions/s
(everything included: shuffling, dealing, the random choice, legal_actions, apply; wall time, and
per second of the process's own CPU time as ``deals_per_cpu_s``), the median and p99 time
of ``apply`` alone in microseconds (``perf_counter_ns`` around the call only), and the peak
Python memory of a separate, smaller pass under ``tracemalloc`` (tracing slows the code, so it is
never on while timing).

The same run also times a *bare loop*, the floor of what a deal can cost in Python: the same
shuffle, the hands dealt, and the tricks played by a uniform random choice among the cards that
follow suit (else trump, else any), with no bidding, chips, state or events. ``bare_deals_per_s``
and ``ratio_to_bare`` (engine deals per CPU second over the bare loop's) keep the figures
comparable on a machine that is busy or slower. Acceptance targets: classic with 4 players at
least 10,000 deals/s with a median apply of at most 3 µs; every other preset at least 5,000/s;
frap with 12 players at least 2,000/s.

The random player here picks uniformly from ``legal_actions(state, seat)`` directly rather than
through ``observe`` (as the bots do): a bot's cost is not the engine's, and this keeps deals/s a
measure of the engine. For the same reason both loops pick by ``list[int(random() * len(list))]``
rather than ``random.choice``: ``choice`` is a Python function (``_randbelow`` draws bits until one
fits) that cost about a tenth of an engine deal, all of it the bench's own.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Sequence
from typing import Any

from games.engine import PRESETS, apply, is_over, legal_actions, new_deal, outcome, to_act
from games.engine.cards import RANK
from games.engine.shuffle import shuffled_deck

__all__ = ["bench_preset", "main"]


def _play(rules: Any, players: int, deals: int, seed: int, apply_ns: list[int] | None) -> int:
    """Play ``deals`` deals at one table (bank carried over, stacks topped up when a table stalls);
    return the number of actions applied. Appends each apply's duration to ``apply_ns``."""
    uniform = random.Random(seed).random
    size = rules.deck_for(players)
    stacks = [1000] * players
    bank, dealer, redeal = 0, 0, False
    actions = 0
    perf = time.perf_counter_ns
    for k in range(deals):
        deck = shuffled_deck(seed.to_bytes(8, "big") + k.to_bytes(4, "big"), size)
        if min(stacks) < 100 or bank > 200:  # keep the table playable: fresh chips, empty bank
            stacks, bank, redeal = [1000] * players, 0, False
        state = new_deal(rules, stake=5, stacks=stacks, bank=bank, dealer=dealer, deck=deck, redeal=redeal)
        while not is_over(state):
            seat = to_act(state)
            acts = legal_actions(state, seat)
            action = acts[int(uniform() * len(acts))]
            if apply_ns is None:
                state, _ = apply(state, seat, action)
            else:
                t0 = perf()
                state, _ = apply(state, seat, action)
                apply_ns.append(perf() - t0)
            actions += 1
        out = outcome(state)
        stacks, bank, dealer, redeal = list(out.stacks), out.bank, out.next_dealer, out.result == "redeal"
    return actions


def _bare(rules: Any, players: int, deals: int, seed: int) -> int:
    """The bare loop of the module docstring for ``deals`` deals; returns the cards played."""
    uniform = random.Random(seed).random
    size = rules.deck_for(players)
    hs = rules.hand_size
    cards_played = 0
    for k in range(deals):
        deck = shuffled_deck(seed.to_bytes(8, "big") + k.to_bytes(4, "big"), size)
        hands = [list(deck[j : players * hs : players]) for j in range(players)]
        trump = deck[players * hs][-1]
        leader = 0
        for _ in range(hs):
            led = ""
            best = -1000
            winner = leader
            for i in range(players):
                seat = (leader + i) % players
                hand = hands[seat]
                if led:
                    allowed = [c for c in hand if c[-1] == led] or [c for c in hand if c[-1] == trump] or hand
                else:
                    allowed = hand
                card = allowed[int(uniform() * len(allowed))]
                hand.remove(card)
                suit = card[-1]
                if not led:
                    led = suit
                value = RANK[card] + (100 if suit == trump else 0 if suit == led else -100)
                if value > best:
                    best, winner = value, seat
            leader = winner
            cards_played += players
    return cards_played


def bench_preset(name: str, deals: int, players: int | None = None, seed: int = 1) -> dict[str, Any]:
    """Measure one preset; see the module docstring for what each number means."""
    rules = PRESETS[name]
    n = players if players is not None else min(4, rules.max_players)
    if not rules.min_players <= n <= rules.max_players:
        raise ValueError(f"{name} is played by {rules.min_players} to {rules.max_players} players")
    _play(rules, n, min(deals, 50), seed + 99, None)  # warm caches (legal_actions memoises)
    _bare(rules, n, min(deals, 50), seed + 99)
    # Throughput: the best of three untimed passes (the machine may be shared; the minimum time is
    # the one least disturbed, as timeit does), each followed by a pass of the bare loop so the two
    # see the same machine. Latency: one pass with apply timed on its own.
    elapsed = cpu = bare_elapsed = bare_cpu = float("inf")
    actions = 0
    for _ in range(3):
        t0, c0 = time.perf_counter(), time.process_time()
        actions = _play(rules, n, deals, seed, None)
        elapsed = min(elapsed, time.perf_counter() - t0)
        cpu = min(cpu, time.process_time() - c0)
        t0, c0 = time.perf_counter(), time.process_time()
        _bare(rules, n, deals, seed)
        bare_elapsed = min(bare_elapsed, time.perf_counter() - t0)
        bare_cpu = min(bare_cpu, time.process_time() - c0)
    apply_ns: list[int] = []
    _play(rules, n, deals, seed, apply_ns)
    apply_ns.sort()
    tracemalloc.start()
    _play(rules, n, max(1, min(deals, 200)), seed, None)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "preset": name,
        "players": n,
        "deals": deals,
        "actions": actions,
        "seconds": round(elapsed, 3),
        "deals_per_s": round(deals / elapsed, 1),
        "actions_per_s": round(actions / elapsed, 1),
        # The same work per second of this process's own CPU time: one core's throughput, less
        # disturbed than wall time when other processes share the machine.
        "deals_per_cpu_s": round(deals / cpu, 1) if cpu > 0 else None,
        "apply_median_us": round(statistics.median(apply_ns) / 1000, 2),
        "apply_p99_us": round(apply_ns[min(len(apply_ns) - 1, int(len(apply_ns) * 0.99))] / 1000, 2),
        "peak_memory_kib": round(peak / 1024, 1),
        "bare_deals_per_s": round(deals / bare_elapsed, 1),
        "bare_deals_per_cpu_s": round(deals / bare_cpu, 1) if bare_cpu > 0 else None,
        "ratio_to_bare": round(bare_cpu / cpu, 3) if cpu > 0 and bare_cpu > 0 else None,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.engine.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per preset (default 2000)")
    parser.add_argument("--preset", choices=sorted(PRESETS), help="only this preset (default: all)")
    parser.add_argument("--players", type=int, help="seats at the table (default: 4, or the preset's max)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    names = [args.preset] if args.preset else sorted(PRESETS)
    try:
        results = [bench_preset(name, args.deals, args.players, args.seed) for name in names]
    except ValueError as exc:
        print(f"bench: {exc}", file=sys.stderr)
        return 2
    print(json.dumps({"python": sys.version.split()[0], "results": results}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
