"""Review 38: scenario files written by hand from SCENARIOS.md, fed to the CLIs as an outside tester
would."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from games.engine import replay, verify

from .test_engine_worked_example import ACTIONS, DECK

# SCENARIOS.md's worked example, as the doc prints it (its deck and moves: the engine-level test's).
EXAMPLE = {
    "preset": "classic",
    "stake": 5,
    "stacks": [100, 100, 100, 100],
    "bank": 0,
    "dealer": 0,
    "deals": [{"deck": DECK, "actions": ACTIONS}],
}


def _cli(module, text: str, monkeypatch, capsys) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    status = module.main(["-"])
    out = capsys.readouterr()
    return status, out.out, out.err


def _example() -> dict:
    return json.loads(json.dumps(EXAMPLE))


def test_the_worked_example_replays_as_documented(monkeypatch, capsys) -> None:
    status, out, err = _cli(replay, json.dumps(EXAMPLE), monkeypatch, capsys)
    assert status == 0 and err == ""
    assert json.loads(out)["stacks"] == [95, 105, 75, 105]


@pytest.mark.parametrize("key", ["form", "take_trunp", "cardz"])
def test_a_misspelt_action_key_is_a_malformed_file(key, monkeypatch, capsys) -> None:
    """A Student exchange with "form" for "from" drew from the top without a word: exit 0."""
    data = _example()
    data["deals"][0]["actions"][7][key] = ["bottom"]
    status, out, err = _cli(replay, json.dumps(data), monkeypatch, capsys)
    assert status == 2 and out == ""
    assert err.startswith("replay: deal 0, action 7: unknown key") and key in err
    assert "Traceback" not in err


def test_underscore_keys_in_an_action_stay_comments(monkeypatch, capsys) -> None:
    data = _example()
    data["deals"][0]["actions"][0]["_comment"] = "seat 1 snores"
    status, _out, _err = _cli(replay, json.dumps(data), monkeypatch, capsys)
    assert status == 0


def test_a_key_named_twice_is_a_malformed_file(monkeypatch, capsys) -> None:
    """Python's json kept the last "stake" silently: a file saying stake 1000 and 5 played 5."""
    text = '{"stake": 1000, ' + json.dumps(EXAMPLE)[1:]
    status, out, err = _cli(replay, text, monkeypatch, capsys)
    assert status == 2 and out == ""
    assert "'stake' appears twice" in err
    status, out, err = _cli(verify, text, monkeypatch, capsys)
    assert status == 2 and out == ""
    assert "'stake' appears twice" in err


def test_a_key_named_twice_in_an_action_is_a_malformed_file(monkeypatch, capsys) -> None:
    text = json.dumps(EXAMPLE).replace('"card": "KC"', '"card": "AC", "card": "KC"')
    status, out, err = _cli(replay, text, monkeypatch, capsys)
    assert status == 2 and out == ""
    assert "'card' appears twice" in err


def test_the_file_path_form_reads_the_same(tmp_path: Path, capsys) -> None:
    path = tmp_path / "dup.json"
    path.write_text('{"dealer": 1, ' + json.dumps(EXAMPLE)[1:], encoding="utf-8")
    assert replay.main([str(path)]) == 2
    assert "'dealer' appears twice" in capsys.readouterr().err


def test_an_action_after_the_end_keeps_the_finished_deal(monkeypatch, capsys) -> None:
    """The refused action came after the deal was settled: the output showed the settled stacks
    with no entry in ``deals`` and the old dealer, a picture of no moment of the table."""
    data = _example()
    data["deals"][0]["actions"].append({"seat": 0, "do": "pass"})
    status, out, err = _cli(replay, json.dumps(data), monkeypatch, capsys)
    assert status == 1 and err == ""
    got = json.loads(out)
    played, _ = replay.run_scenario(_example())
    assert got["deals"] == played["deals"] and len(got["deals"]) == 1
    assert (got["stacks"], got["bank"], got["dealer"]) == ([95, 105, 75, 105], 20, 1)
    assert got["error"]["deal"] == 0 and got["error"]["action"] == 21
    assert got["error"]["code"] == "illegal_action"


def test_an_action_after_the_end_of_a_first_deal_keeps_it_too(monkeypatch, capsys) -> None:
    data = _example()
    data["deals"][0]["actions"].append({"seat": 1, "do": "snore"})
    data["deals"].append(_example()["deals"][0])
    status, out, _err = _cli(replay, json.dumps(data), monkeypatch, capsys)
    got = json.loads(out)
    assert status == 1 and len(got["deals"]) == 1 and got["dealer"] == 1
    assert sum(got["stacks"]) + got["bank"] == 400


def _fair_scenario() -> dict:
    """A hand-made scenario with a fairness record, from RULES.md section 8's test vector."""
    from games.engine.shuffle import commitment, shuffled_deck

    seed = bytes(range(32))
    deck = list(shuffled_deck(seed, 36))
    dealt = [1, 2, 3, 0]  # dealer 0: from his left, the dealer last
    hands: list[list[str] | None] = [None] * 4
    for j, seat in enumerate(dealt):
        hands[seat] = deck[j : 4 * 4 : 4]
    fair = {"commitment": commitment(seed), "seed": seed.hex(), "contributions": [], "dealt": dealt,
            "hands": hands, "dealer": 0}  # fmt: skip
    return {"preset": "classic", "stake": 5, "stacks": [100] * 4, "bank": 0, "dealer": 0,
            "deals": [{"deck": deck, "actions": [], "_deal": {"number": 2}, "_fair": fair}]}  # fmt: skip


def test_a_fair_scenario_verifies(monkeypatch, capsys) -> None:
    status, out, _err = _cli(verify, json.dumps(_fair_scenario()), monkeypatch, capsys)
    assert status == 0 and json.loads(out)["ok"] is True


@pytest.mark.parametrize(
    "spoil",
    [
        lambda d: d.update(stake="five"),
        lambda d: d["deals"][0]["actions"].append({"seat": 9, "do": "pass"}),
        lambda d: d["deals"][0]["actions"].append({"seat": 1, "do": "snore", "form": ["top"]}),
    ],
)
def test_verify_refuses_a_scenario_the_replay_calls_malformed(spoil, monkeypatch, capsys) -> None:
    """verify played the scenario to check the dealing order but ignored the replay's verdict: a
    file the replay refuses (exit 2) came out "ok": true, its order never compared."""
    data = _fair_scenario()
    spoil(data)
    status, out, err = _cli(verify, json.dumps(data), monkeypatch, capsys)
    assert status == 2 and out == ""
    assert err.startswith("verify: the scenario is malformed:")


def test_a_file_saved_with_a_byte_order_mark_is_read(tmp_path: Path, monkeypatch, capsys) -> None:
    """Notepad's UTF-8 starts with a BOM: both CLIs refused the file as bad JSON (exit 2)."""
    path = tmp_path / "bom.json"
    path.write_text(json.dumps(EXAMPLE), encoding="utf-8-sig")
    assert replay.main([str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["stacks"] == [95, 105, 75, 105]
    status, _out, _err = _cli(replay, "\ufeff" + json.dumps(EXAMPLE), monkeypatch, capsys)
    assert status == 0
    fair = tmp_path / "fair.json"
    fair.write_text(json.dumps(_fair_scenario()), encoding="utf-8-sig")
    assert verify.main([str(fair)]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True


@pytest.mark.parametrize("module", ["replay", "verify"])
def test_a_reader_that_closed_the_pipe_gets_no_traceback(module, tmp_path: Path) -> None:
    """``replay FILE | head -c 10``: the output went to a closed pipe and a BrokenPipeError traceback
    went to stderr."""
    import os
    import subprocess
    import sys

    path = tmp_path / "s.json"
    path.write_text(json.dumps(_fair_scenario() if module == "verify" else EXAMPLE), encoding="utf-8")
    read, write = os.pipe()
    os.close(read)  # the reader is gone before anything is written
    try:
        done = subprocess.run(
            [sys.executable, "-m", f"games.engine.{module}", str(path)],
            stdout=write, stderr=subprocess.PIPE, text=True, timeout=60,
            cwd=Path(__file__).resolve().parents[2],
        )  # fmt: skip
    finally:
        os.close(write)
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr, done.stderr
    assert done.returncode == 0


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda deck: deck.__setitem__(0, "A♥"), '"A♥" is not one of its cards'),
        (lambda deck: deck.__setitem__(0, "ah"), '"ah" is not one of its cards'),
        (lambda deck: deck.__setitem__(0, "ＡＨ"), '"ＡＨ" is not one of its cards'),
        (lambda deck: deck.__setitem__(0, "QH"), "QH appears twice"),
        (lambda deck: deck.pop(0), "35 cards, AH missing"),
    ],
)
def test_a_wrong_deck_says_which_card(change, says, monkeypatch, capsys) -> None:
    """A hand-written deck with a look-alike card got "the deck is not a permutation of the 36-card
    deck" and no word of which card was wrong."""
    data = _example()
    change(data["deals"][0]["deck"])
    status, out, err = _cli(replay, json.dumps(data, ensure_ascii=False), monkeypatch, capsys)
    assert status == 2 and out == ""
    assert err.startswith("replay: deal 0: the deck is not a permutation of the 36-card deck: ")
    assert says in err


@pytest.mark.parametrize(
    ("spoil", "named"),
    [
        (lambda d: d.update(dealer=10**400), "dealer 10000000…(401 digits) is not a seat"),
        (lambda d: d.update(bank=-(10**400)), "bank must be at least 0, not -1000000…(401 digits)"),
        (
            lambda d: d["deals"][0]["actions"][0].update(seat=10**400),
            "seat 10000000…(401 digits) is out of range",
        ),
    ],
)
def test_a_number_of_hundreds_of_digits_is_named_short(spoil, named, monkeypatch, capsys) -> None:
    """A seat or dealer of 10**400 repeated all 401 digits in its one-line message (review 62)."""
    data = _example()
    spoil(data)
    status, out, err = _cli(replay, json.dumps(data), monkeypatch, capsys)
    assert status == 2 and out == ""
    assert named in err and len(err) < 200, err[:300]
