"""Recorded behaviour of the engine's public API, for the differential test.

Every deal this module plays goes through the public functions only (``new_deal``, ``legal_actions``,
``apply``, ``observe``, ``abandon``, ``outcome``, ``state_to_json``/``state_from_json``, the replay
CLI core and the bots), and everything they return is folded into one sha256 digest per deal:

* the start: ``new_deal``'s refusal (code and sentence) or the state's JSON, ``deal_start_events``;
* each step: who acts, his legal actions and every seat's, the action taken, the events, the new
  state's JSON, ``observe`` for every seat and for a spectator, ``abandon``, and a few probes
  (a random, often illegal, action for a random seat: its error code and sentence, or the state and
  events it would lead to);
* the end: the outcome, a JSON round trip, and the replay output of the deal's action log.

Deal ``i`` of a preset is fully determined by ``(preset, i)``: seat count (cycling through the
preset's range, so frap gets 12 seats), stake, stacks, bank, dealer, redeal and waiting flags, the
deck (``shuffled_deck``) and the driver: a uniform choice among ``legal_actions`` with out-of-turn
looks, ``RandomBot`` or the basic bot as recorded (``recorded_bot.py``; both through ``observe``),
each seeded.

Per preset the fixture keeps the digest of each of the first deals (the subset CI replays) and a
rolling digest (``sha256(previous + deal digest)``) every ``CHECKPOINT`` deals for the full run.

Command line::

    python -m tests.engine.engine_digest record [--deals N]   # rewrite tests/engine/data/...
    python -m tests.engine.engine_digest check [--deals N]    # compare with the fixture
    python -m tests.engine.engine_digest trace PRESET DEAL    # one deal's records, one JSON per line

To find the first differing step of a deal, run ``trace`` here and in a checkout of the commit the
fixture was recorded at (``git worktree add /tmp/old COMMIT``), and diff the two outputs.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from games.engine import (
    PRESETS,
    Action,
    EngineError,
    State,
    abandon,
    apply,
    deal_start_events,
    is_over,
    legal_actions,
    new_deal,
    observe,
    outcome,
    state_from_json,
    state_to_json,
    to_act,
)
from games.engine.bots import RandomBot
from games.engine.replay import run_scenario
from games.engine.shuffle import shuffled_deck
from tests.engine.recorded_bot import RecordedBasicBot

FIXTURE = Path(__file__).parent / "data" / "engine_digests.json.gz"
#: Deals per preset whose own digest is stored (CI replays a prefix of these).
PER_DEAL = 1000
#: The rolling digest is stored after every CHECKPOINT deals.
CHECKPOINT = 100
DRIVERS = ("legal", "random", "basic")
_ACTION_NAMES = (
    "look", "pass", "snore", "help", "five", "six", "cheer", "mourn", "helicopter", "dark", "shoot",
    "blind", "exchange", "discard", "wrap_swap", "name_trump", "play", "bogus",
)
_MAX_STEPS = 5000


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _sha(value: Any) -> str:
    return hashlib.sha256(_dumps(value).encode()).hexdigest()[:16]


def _state_hash(state: State) -> str:
    return _sha(state_to_json(state))


def _acts(actions: list[Action]) -> list[dict[str, Any]]:
    return [a.to_json() for a in actions]


def _events(events: tuple) -> list[dict[str, Any]]:
    return [e.to_json() for e in events]


def deal_setup(preset: str, index: int) -> dict[str, Any]:
    """Everything deal ``index`` of ``preset`` starts from (see the module docstring)."""
    rules = PRESETS[preset]
    rng = random.Random(f"{preset}:{index}:setup")
    players = range(rules.min_players, rules.max_players + 1)
    n = players[index % len(players)]
    stacks = [rng.choice((1000, 1000, 1000, 1000, 300, 120, 40, 12, 4, 0)) for _ in range(n)]
    waiting = sorted(rng.sample(range(n), rng.randint(1, n - 1))) if rng.random() < 0.08 else []
    return {
        "preset": preset,
        "index": index,
        "players": n,
        "stake": rng.choice((5, 5, 5, 5, 1, 2, 10, 0)),
        "stacks": stacks,
        "bank": rng.choice((0, 0, 0, 0, 0, 9, 40, 250)),
        "dealer": rng.randrange(n),
        "redeal": rng.random() < 0.12,
        "waiting": waiting,
        "driver": DRIVERS[index % len(DRIVERS)],
        "seed": f"{preset}:{index}".encode(),
    }


def _probe_action(rng: random.Random, state: State, seat: int) -> Action:
    """A random action, mostly illegal: checks that refusals (code and sentence) are unchanged."""
    do = rng.choice(_ACTION_NAMES)
    deck = state.setup.deck
    hand = state.hands[seat] if 0 <= seat < len(state.hands) else ()
    pool = [*hand, rng.choice(deck)] if rng.random() < 0.3 else list(hand)
    if do in ("exchange", "discard"):
        cards = tuple(rng.sample(pool, min(len(pool), rng.randint(0, 4)))) if pool else ()
        if rng.random() < 0.1 and cards:
            cards = (*cards, cards[0])
        sources: tuple[str, ...] = ()
        if rng.random() < 0.3:
            sources = tuple(rng.choice(("top", "bottom")) for _ in range(len(cards) + rng.choice((0, 0, 1))))
        return Action(do, cards=cards, sources=sources)
    if do == "play":
        card = rng.choice(pool) if pool and rng.random() < 0.8 else rng.choice(deck)
        return Action("play", card=card, as_=rng.choice((None, None, None, "joker", "seven")))
    if do == "wrap_swap":
        return Action("wrap_swap", position=rng.choice((None, -1, 0, 1, 2, 3, 4, 5)))
    if do == "name_trump":
        return Action("name_trump", suit=rng.choice((None, "S", "H", "D", "C")))
    if do == "five":
        return Action("five", take_trump=rng.random() < 0.5)
    return Action(do, take_trump=rng.random() < 0.05)


def _probe(rng: random.Random, state: State, n: int) -> list[Any]:
    seat = to_act(state)
    if seat is None or rng.random() < 0.3:
        seat = rng.randrange(-1, n + 1)
    action = _probe_action(rng, state, seat)
    record: list[Any] = [seat, action.to_json()]
    try:
        new, events = apply(state, seat, action)
    except EngineError as exc:
        return [*record, "err", exc.code, exc.message]
    except Exception as exc:  # recorded, not hidden: a change of crash is a change of behaviour
        return [*record, "crash", type(exc).__name__]
    return [*record, "ok", _state_hash(new), _events(events)]


def _views(state: State, n: int) -> list[str]:
    return [_sha(observe(state, seat)) for seat in [None, *range(n)]]


def _all_legal(state: State, n: int) -> list[list[dict[str, Any]]]:
    return [_acts(legal_actions(state, seat)) for seat in range(n)]


def deal_records(preset: str, index: int) -> Iterator[Any]:
    """The records of one deal, in order; their digest is the deal's digest."""
    cfg = deal_setup(preset, index)
    rules = PRESETS[preset]
    n = cfg["players"]
    deck = shuffled_deck(cfg["seed"], rules.deck_for(n))
    yield ["setup", {k: v for k, v in cfg.items() if k != "seed"}, list(deck)]
    try:
        state = new_deal(
            rules, stake=cfg["stake"], stacks=cfg["stacks"], bank=cfg["bank"], dealer=cfg["dealer"],
            deck=deck, waiting=cfg["waiting"], redeal=cfg["redeal"],
        )
    except EngineError as exc:
        yield ["refused", exc.code, exc.message]
        return
    yield ["start", state_to_json(state), _events(deal_start_events(state)), _views(state, n)]
    rng = random.Random(f"{preset}:{index}:play")
    bots: list[Any] = []
    if cfg["driver"] == "random":
        bots = [RandomBot(f"{preset}:{index}:{s}") for s in range(n)]
    elif cfg["driver"] == "basic":
        bots = [RecordedBasicBot(f"{preset}:{index}:{s}") for s in range(n)]
    log: list[dict[str, Any]] = []
    for _step in range(_MAX_STEPS):
        if is_over(state):
            break
        seat = to_act(state)
        assert seat is not None
        legal = legal_actions(state, seat)
        probes = [_probe(rng, state, n) for _ in range(rng.choice((0, 0, 1, 2)))]
        if not bots and rng.random() < 0.08:
            lookers = [s for s in range(n) if s != seat and legal_actions(state, s)]
            if lookers:
                seat = rng.choice(lookers)
                legal = legal_actions(state, seat)
        action = rng.choice(legal) if not bots else bots[seat].choose(observe(state, seat))
        state, events = apply(state, seat, action)
        log.append({"seat": seat, **action.to_json()})
        yield [
            "step", seat, _acts(legal), action.to_json(), _events(events), _state_hash(state),
            to_act(state), _all_legal(state, n), _views(state, n), probes, abandon(state)[:2],
        ]
    assert is_over(state), "deal did not finish"
    out = outcome(state)
    again = state_from_json(json.loads(json.dumps(state_to_json(state))))
    yield ["end", out.to_json(), list(out.stacks), again == state]
    if not cfg["redeal"] and not cfg["waiting"]:
        scenario = {
            "preset": preset, "stake": cfg["stake"], "stacks": cfg["stacks"], "bank": cfg["bank"],
            "dealer": cfg["dealer"], "deals": [{"deck": list(deck), "actions": log}],
        }
        yield ["replay", *run_scenario(scenario)]


def deal_digest(preset: str, index: int) -> str:
    h = hashlib.sha256()
    for record in deal_records(preset, index):
        h.update(_dumps(record).encode())
        h.update(b"\n")
    return h.hexdigest()[:12]


def chain(previous: str, digest: str) -> str:
    return hashlib.sha256((previous + digest).encode()).hexdigest()[:16]


def record_preset(preset: str, deals: int) -> dict[str, Any]:
    per_deal: list[str] = []
    checkpoints: list[str] = []
    rolling = ""
    for i in range(deals):
        d = deal_digest(preset, i)
        if i < PER_DEAL:
            per_deal.append(d)
        rolling = chain(rolling, d)
        if (i + 1) % CHECKPOINT == 0:
            checkpoints.append(rolling)
    return {"deals": deals, "per_deal": per_deal, "checkpoints": checkpoints}


def load_fixture() -> dict[str, Any]:
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as fh:
        return json.load(fh)


def first_difference(
    preset: str, recorded: dict[str, Any], deals: int, progress: Callable[[int], None] | None = None
) -> str | None:
    """None when deals 0..deals-1 of ``preset`` still give the recorded digests, else a message
    naming the first deal that differs (or, past the per-deal digests, the checkpoint block)."""
    rolling = ""
    for i in range(deals):
        d = deal_digest(preset, i)
        if progress is not None:
            progress(i)
        if i < len(recorded["per_deal"]) and d != recorded["per_deal"][i]:
            return (f"{preset} deal {i} differs from the recording; to find the step, diff "
                    f"`python -m tests.engine.engine_digest trace {preset} {i}` here and at the "
                    f"recorded commit")
        rolling = chain(rolling, d)
        if (i + 1) % CHECKPOINT == 0:
            k = (i + 1) // CHECKPOINT - 1
            if k < len(recorded["checkpoints"]) and rolling != recorded["checkpoints"][k]:
                return (f"{preset}: a deal in {i + 1 - CHECKPOINT}..{i} differs from the recording; "
                        f"trace them here and at the recorded commit to find it")
    return None


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                              cwd=Path(__file__).parent, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.engine.engine_digest")
    sub = parser.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record", help="play the deals and rewrite the fixture")
    rec.add_argument("--deals", type=int, default=10_000)
    chk = sub.add_parser("check", help="compare with the fixture")
    chk.add_argument("--deals", type=int, default=10_000)
    chk.add_argument("--preset", action="append")
    tr = sub.add_parser("trace", help="print one deal's records")
    tr.add_argument("preset", choices=sorted(PRESETS))
    tr.add_argument("deal", type=int)
    args = parser.parse_args(argv)
    if args.cmd == "trace":
        for record in deal_records(args.preset, args.deal):
            print(_dumps(record))
        return 0
    if args.cmd == "record":
        data = {"format": 1, "commit": _commit(), "checkpoint": CHECKPOINT, "presets": {}}
        for preset in PRESETS:
            data["presets"][preset] = record_preset(preset, args.deals)
            print(f"{preset}: {args.deals} deals recorded", file=sys.stderr)
        FIXTURE.parent.mkdir(parents=True, exist_ok=True)
        with gzip.GzipFile(FIXTURE, "wb", mtime=0) as fh:
            fh.write(_dumps(data).encode())
        return 0
    fixture = load_fixture()
    failed = False
    for preset in args.preset or list(PRESETS):
        recorded = fixture["presets"][preset]
        deals = min(args.deals, recorded["deals"])
        problem = first_difference(preset, recorded, deals)
        print(f"{preset}: {deals} deals {'identical' if problem is None else 'DIFFER: ' + problem}")
        failed = failed or problem is not None
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
