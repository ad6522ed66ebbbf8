"""Review 152: the players' strings are bound to their seats.

The deck is the shuffle of ``deck_seed(seed, strings in seat order)``; the record listed the strings
alone, so a dishonest server could reorder them, or add one it made up for a bot's seat (a bot sends
none), grind for a deck it liked, and both verifiers called the file fair. A record now names each
string's seat (``_fair.contributors``, parallel to ``contributions``) and the bots' seats
(``_fair.bots``): the seats must go up strictly, each one of the file's seats and no bot's. A record
without seats (exported before) verifies as before, and says its strings' seats were not checked.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from games.engine.fairness import deck_seed, first_dealer
from games.engine.shuffle import commitment, shuffled_deck
from games.engine.verify import VerifyError, verify_scenario

from .test_review93_verify_seat_count import _HARNESS, JS, _node

SEED = bytes(range(32))
SEATS = 4
ROOT = Path(__file__).resolve().parents[2]


def _file(strings: list[str], contributors: list[int] | None, bots: list[int] | None = None) -> dict:
    """A scenario's first deal, dealt from ``strings`` mixed in the order given."""
    mixed = deck_seed(SEED, strings)
    dealer = first_dealer(mixed, SEATS)
    deck = list(shuffled_deck(mixed, 36))
    order = [(dealer + 1 + i) % SEATS for i in range(SEATS)]
    hands: list = [None] * SEATS
    for j, seat in enumerate(order):
        hands[seat] = deck[j : SEATS * 4 : SEATS]
    fair: dict = {
        "commitment": commitment(SEED),
        "seed": SEED.hex(),
        "contributions": strings,
        "dealt": order,
        "hands": hands,
        "dealer": dealer,
        "first": True,
    }
    if contributors is not None:
        fair["contributors"] = contributors
    if bots is not None:
        fair["bots"] = bots
    return {
        "preset": "classic",
        "rules": {},
        "stake": 5,
        "stacks": [100] * SEATS,
        "bank": 0,
        "dealer": dealer,
        "deals": [{"deck": deck, "actions": [], "_fair": fair}],
    }


def _cli(data: dict, tmp_path: Path) -> tuple[int, str, str]:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "games.engine.verify", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    return done.returncode, done.stdout, done.stderr


def test_strings_by_seat_in_order_are_fair_and_said(tmp_path: Path) -> None:
    status, out, _err = _cli(_file(["vera", "ivan"], [0, 2], bots=[1, 3]), tmp_path)
    assert status == 0, out
    deal = json.loads(out)["deals"][0]
    assert deal["seats_checked"] is True
    assert deal["strings"] == [{"seat": 0, "string": "vera"}, {"seat": 2, "string": "ivan"}]


def test_strings_reordered_are_refused_with_one_line(tmp_path: Path) -> None:
    # The server mixed Ivan's (seat 2) before Vera's (seat 0): the deck is that order's shuffle.
    status, out, _err = _cli(_file(["ivan", "vera"], [2, 0], bots=[1, 3]), tmp_path)
    assert status == 1, out
    problems = json.loads(out)["deals"][0]["problems"]
    assert "the strings are not in seat order: seat 2's string comes before seat 0's" in problems
    assert all("\n" not in p for p in problems)


def test_a_string_at_a_bot_seat_is_refused(tmp_path: Path) -> None:
    status, out, _err = _cli(_file(["vera", "made-up"], [0, 1], bots=[1, 3]), tmp_path)
    assert status == 1, out
    problems = json.loads(out)["deals"][0]["problems"]
    assert "seat 1 is a bot's and carries a string: a bot sends none" in problems


def test_two_strings_at_one_seat_are_refused(tmp_path: Path) -> None:
    status, out, _err = _cli(_file(["vera", "more"], [0, 0], bots=[]), tmp_path)
    assert status == 1, out
    problems = json.loads(out)["deals"][0]["problems"]
    assert "the strings are not in seat order: seat 0's string comes before seat 0's" in problems


def test_seats_that_are_no_seat_of_the_file_are_malformed(tmp_path: Path) -> None:
    status, _out, err = _cli(_file(["vera", "ivan"], [0, 7], bots=[]), tmp_path)
    assert status == 2
    assert err.count("\n") == 1 and "'_fair.contributors'" in err
    status, _out, err = _cli(_file(["vera", "ivan"], [0], bots=[]), tmp_path)
    assert status == 2 and "one seat per string" in err


def test_an_old_record_without_seats_verifies_as_before_and_says_so() -> None:
    output, status = verify_scenario(_file(["ivan", "vera"], None))
    assert status == 0, output
    deal = output["deals"][0]
    assert deal["seats_checked"] is False
    assert deal["strings"] == [{"seat": None, "string": "ivan"}, {"seat": None, "string": "vera"}]
    assert any("seats" in note for note in deal["notes"])


def test_no_strings_need_no_seats() -> None:
    output, status = verify_scenario(_file([], None))
    assert status == 0 and output["deals"][0]["strings"] == []


def _page(data: dict) -> str:
    harness = _HARNESS.replace(
        'ok: "fair", bad: "not fair", malformed: "malformed"',
        'ok: "fair", bad: "not fair", malformed: "malformed", seats: "SEATS", bot: "BOT", '
        'stringsBySeat: "Strings by seat", seat: "seat", seatsUnchecked: "UNCHECKED"',
    ).replace('.split(":")[0]', "")
    done = subprocess.run(
        [_node(), "-e", harness, str(JS)], input=json.dumps(data), capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_page_refuses_reordered_strings_and_bot_strings() -> None:
    good = _page(_file(["vera", "ivan"], [0, 2], bots=[1, 3]))
    assert good.startswith("fair"), good
    # Said from 1, as the table numbers its seats (review 157): the file's seats 0 and 2.
    assert "seat 1: vera" in good and "seat 3: ivan" in good
    assert _page(_file(["ivan", "vera"], [2, 0], bots=[1, 3])).startswith("not fair: SEATS")
    assert _page(_file(["vera", "made-up"], [0, 1], bots=[1, 3])).startswith("not fair: BOT")
    assert _page(_file(["vera", "ivan"], [0, 7], bots=[])) == "malformed"
    old = _page(_file(["ivan", "vera"], None))
    assert old.startswith("fair") and "UNCHECKED" in old


def test_the_command_is_refused_nothing_else() -> None:
    try:
        verify_scenario(_file(["vera", "ivan"], [0, 2], bots=[5]))
    except VerifyError as exc:
        assert "'_fair.bots'" in str(exc)
    else:
        raise AssertionError("a bot seat that is no seat of the file was taken")


_OWN_HARNESS = """
const fs = require("fs");
const [file, commitment, mine, mySeat] = JSON.parse(fs.readFileSync(0, "utf8"));
const key = "khrap-own-string:" + commitment + ":" + mine;
const box = {dataset: {ok: "fair", bad: "not fair", malformed: "malformed", seats: "SEATS", bot: "BOT",
  stringsBySeat: "by seat", seat: "seat", seatsUnchecked: "UNCHECKED", mineIn: "MINE-IN",
  mineOut: "MINE-OUT", mineHere: "HERE {seat}", mineElsewhere: "ELSEWHERE {seat}", mineAt: "AT {seat}",
  mineNoSeat: "NO-SEAT", myDeal: "7", mySeat: mySeat}, textContent: "", className: ""};
const els = {"verify-input": {value: JSON.stringify(file)}, "verify-result": box,
  "verify-button": {addEventListener() {}}};
let ready;
global.window = {localStorage: {getItem() { return null; }, length: 1, key() { return key; }}};
global.document = {addEventListener(_e, f) { ready = f; }, getElementById(id) { return els[id] || null; }};
eval(fs.readFileSync(process.argv[1], "utf8"));
ready();
process.stdout.write(box.textContent + " | " + box.className);
"""


def _own(data: dict, mine: str, my_seat: str) -> str:
    data["deals"][0]["_deal"] = {"id": 7, "number": 1}
    given = [data, commitment(SEED), mine, my_seat]
    done = subprocess.run(
        [_node(), "-e", _OWN_HARNESS, str(JS)],
        input=json.dumps(given),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_page_holds_my_string_to_my_seat() -> None:
    """The page opened from the reader's deal knows his seat: his string must be there, not just
    somewhere among the strings."""
    at_mine = _own(_file(["vera", "ivan"], [0, 2], bots=[1, 3]), "vera", "0")
    assert "HERE 1" in at_mine and at_mine.endswith("| notice")
    moved = _own(_file(["ivan", "vera"], [0, 2], bots=[1, 3]), "vera", "0")  # vera's string at seat 2
    assert "ELSEWHERE 1" in moved and moved.endswith("| notice error")
    assert "NO-SEAT" in _own(_file(["ivan"], [2], bots=[1, 3]), "vera", "")
    # An older record: among the strings, as before, its seats said to be unchecked.
    old = _own(_file(["vera", "ivan"], None), "vera", "0")
    assert "MINE-IN" in old and "UNCHECKED" in old
