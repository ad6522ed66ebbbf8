"""observe(): what a seat or a spectator may know; plus the JSON state round trip and engine purity."""

from __future__ import annotations

import ast
import json
import pathlib
import random

from games.engine import (
    PRESETS,
    apply,
    deck,
    legal_actions,
    new_deal,
    observe,
    state_from_json,
    state_to_json,
    to_act,
)
from tests.engine.test_engine_support import play_out, run, start

ENGINE = pathlib.Path(__file__).resolve().parents[2] / "games" / "engine"


def test_observe_own_hand_only_never_others_or_stock_order() -> None:
    s = start("classic", hands={1: ["AH", "KH", "AS", "6C"]})
    v = observe(s, 1)
    assert v["hand"] == ["AH", "KH", "AS", "6C"] and v["trump_card"] == s.trump_card
    text = json.dumps(v)
    for seat in (0, 2, 3):
        for c in s.hands[seat]:
            assert f'"{c}"' not in text or c == s.trump_card
    stock = s.setup.deck[s.stock_top : s.stock_end]
    assert not any(f'"{c}"' in text for c in stock)
    assert v["stock"] == 19 and v["bank"] == 20 and v["b0"] == 20
    assert [a["do"] for a in v["legal_actions"]] == ["pass", "snore"]
    assert observe(s, 2)["legal_actions"] == []


def test_observe_spectator_sees_no_hand() -> None:
    s = start("classic")
    v = observe(s, None)
    assert v["hand"] is None and v["legal_actions"] == [] and "hands" not in v
    text = json.dumps(v)
    assert not any(f'"{c}"' in text for h in s.hands for c in h)


def test_observe_unseen_hand_shows_count_only_and_no_hand_dependent_offers() -> None:
    s = start("bulgarian36", hands={1: ["6H", "9H", "KS", "QS"]}, trump="7H")
    v = observe(s, 1)
    assert v["hand"] is None and v["hand_counts"][1] == 4
    dos = [a["do"] for a in v["legal_actions"]]
    assert "look" in dos and "helicopter" not in dos and "wrap_swap" in dos
    s = run(s, (1, "look"))
    assert "helicopter" in [a["do"] for a in observe(s, 1)["legal_actions"]]


def test_observe_table_cards_tricks_statuses_holds() -> None:
    s = run(start("classic"), (1, "snore"), (2, "help"), (3, "pass"), (0, "pass"), (3, "pass"), (0, "pass"),
            (1, "exchange", {"cards": []}), (2, "exchange", {"cards": []}))
    s, _ = apply(s, 1, legal_actions(s, 1)[0])
    v = observe(s, 2)
    assert v["statuses"][1:] == ["snore", "help", "pass"]
    assert v["holds"] == [0, 40, 20, 0] and len(v["trick"]) == 1 and v["to_act"] == 2


def test_observe_after_the_deal_shows_the_hands_that_were_played() -> None:
    s = play_out(run(start("classic"), (1, "snore"), (2, "help")))
    v = observe(s, None)
    assert v["outcome"]["result"] == "played"
    assert v["hands"][1] is not None and len(v["hands"][1]) == 4 and v["hands"][0] is None


def test_state_json_round_trip_is_exact() -> None:
    rng = random.Random(3)
    for preset in PRESETS:
        rules = PRESETS[preset]
        d = list(deck(rules.deck_for(4)))
        rng.shuffle(d)
        s = new_deal(rules, stake=5, stacks=[100] * 4, bank=0, dealer=1, deck=d)
        while True:
            back = state_from_json(json.loads(json.dumps(state_to_json(s))))
            assert back == s
            if s.phase == "over":
                break
            seat = to_act(s)
            s, _ = apply(s, seat, rng.choice(legal_actions(s, seat)))


def test_engine_is_pure_no_django_channels_celery_or_io_imports() -> None:
    banned = {"django", "channels", "celery", "os", "io", "socket", "subprocess", "pathlib", "requests",
              "urllib", "http", "time", "datetime", "random", "sqlite3", "shutil", "tempfile"}
    mine = ["__init__", "_base", "actions", "bidding", "cards", "engine", "errors", "events", "exchange",
            "legal", "observe", "play", "rules", "settle", "state"]
    for name in mine:
        tree = ast.parse((ENGINE / f"{name}.py").read_text())
        for node in ast.walk(tree):
            mods = []
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                mods = [node.module or ""]
            for m in mods:
                assert m.split(".")[0] not in banned, f"{name}.py imports {m}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("open", "print", "input"), f"{name}.py calls {node.func.id}"
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                mods = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                assert not any(m.split(".")[0] in ("django", "channels", "celery") for m in mods), path
