"""A file's hands are one per seat of its table (review 93).

A table's first dealer is drawn from its seed over the table's seats (``fairness.first_dealer``), and
both verifiers counted the seats as the length of ``_fair.hands``. A server that knew the deck could
name the dealer it liked and pad ``hands`` with empty seats until the draw over that many seats gave
him: ``python -m games.engine.verify`` and the Fairness page's verifier both called such a file fair.
A scenario's seats are its stacks; a fairness record's hands are a table of the preset's size.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from games.engine.fairness import deck_seed, first_dealer
from games.engine.shuffle import commitment, shuffled_deck
from games.engine.verify import VerifyError, verify_scenario

SEED = bytes(range(32))
SEATS = 4
JS = Path(__file__).resolve().parents[2] / "static" / "js" / "fairness.js"


def _file(dealer: int, pad: int = 0, record: bool = False) -> dict:
    deck = list(shuffled_deck(deck_seed(SEED, []), 36))
    order = [(dealer + 1 + i) % SEATS for i in range(SEATS)]
    hands: list = [None] * SEATS
    for j, seat in enumerate(order):
        hands[seat] = deck[j : SEATS * 4 : SEATS]
    fair = {
        "commitment": commitment(SEED),
        "seed": SEED.hex(),
        "contributions": [],
        "dealt": order,
        "hands": hands + [None] * pad,
        "dealer": dealer,
        "first": True,
    }
    data: dict = {"preset": "classic", "rules": {}}
    if not record:
        data.update(stake=5, stacks=[100] * SEATS, bank=0, dealer=dealer)
    data["deals"] = [{"deck": deck, "actions": [], "_fair": fair}]
    return data


def _padded(record: bool = False) -> dict:
    """The dealer after the drawn one, with as many empty seats added as make the draw give him."""
    drawn = first_dealer(SEED, SEATS)
    chosen = (drawn + 1) % SEATS
    pad = next(p for p in range(1, 200) if first_dealer(SEED, SEATS + p) == chosen)
    return _file(chosen, pad, record)


def _cli(data: dict) -> str:
    try:
        output, _status = verify_scenario(json.loads(json.dumps(data)))
    except VerifyError:
        return "malformed"
    return "fair" if output["ok"] else "not fair"


def test_the_command_takes_the_seats_from_the_table_not_the_hands() -> None:
    assert _cli(_file(first_dealer(SEED, SEATS))) == "fair"
    assert _cli(_file(first_dealer(SEED, SEATS), record=True)) == "fair"
    assert _cli(_file((first_dealer(SEED, SEATS) + 1) % SEATS)) == "not fair"
    assert _cli(_padded()) == "malformed"
    assert _cli(_padded(record=True)) == "malformed"


_HARNESS = """
const fs = require("fs");
const els = {
  "verify-input": {value: fs.readFileSync(0, "utf8")},
  "verify-result": {dataset: {ok: "fair", bad: "not fair", malformed: "malformed"}, textContent: ""},
  "verify-button": {addEventListener() {}},
};
let ready;
global.window = {localStorage: {getItem() { return null; }, length: 0, key() { return null; }}};
global.document = {addEventListener(_e, f) { ready = f; }, getElementById(id) { return els[id] || null; }};
eval(fs.readFileSync(process.argv[1], "utf8"));
ready();
process.stdout.write(els["verify-result"].textContent.split(":")[0]);
"""


def _node() -> str:
    """The system's node, or the one Playwright (a test dependency) ships: the test runs either way."""
    import playwright

    bundled = Path(playwright.__file__).parent / "driver" / "node"
    found = shutil.which("node") or (str(bundled) if bundled.exists() else None)
    assert found, "no node to run the page's script"
    return found


def _page(data: dict) -> str:
    """The Fairness page's verdict on ``data``, its script run under node."""
    done = subprocess.run(
        [_node(), "-e", _HARNESS, str(JS)], input=json.dumps(data), capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_page_takes_the_seats_from_the_table_not_the_hands() -> None:
    node = _node()

    def page(data: dict) -> str:
        done = subprocess.run(
            [node, "-e", _HARNESS, str(JS)],
            input=json.dumps(data),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert page(_file(first_dealer(SEED, SEATS))) == "fair"
    assert page(_file(first_dealer(SEED, SEATS), record=True)) == "fair"
    assert page(_padded()) == "malformed"
    assert page(_padded(record=True)) == "malformed"


def test_the_page_knows_each_presets_seats() -> None:
    from games.engine.rules import PRESETS

    text = JS.read_text(encoding="utf-8")
    for name, rules in PRESETS.items():
        assert f"{name}: [{rules.min_players}, {rules.max_players}]" in text, name
