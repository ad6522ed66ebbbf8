"""Review 160: review 157 had a number key on a card he may not play say why, in the table's error
box, which stays until his next move is sent. Pressed once more by reflex after his own card went
(a double press), or a moment before his turn came, the key said "It is not your turn." and the box
kept saying it, in red, through the turn that then came to him: the picture it was read from was
gone. A reason read off a card's place now goes with that picture: a new picture that no longer
says it at that place closes the box; one that still says it leaves it for a slow reader."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.engine.test_review93_verify_seat_count import _node

JS = Path(__file__).resolve().parents[2] / "static" / "js" / "table.js"

NOT_YOURS = "It is not your turn."

_HARNESS = """
const fs = require("fs");
const given = JSON.parse(fs.readFileSync(0, "utf8"));
function box() {
  return {hidden: true, textContent: "", dataset: {}, classList: {toggle() {}}, setAttribute() {}};
}
const els = {"table-socket": {dataset: {}, classList: {contains() { return false; }}}, "table-error": box(),
             "table-error-close": box(), "table-announce": box()};
let slot = {dataset: {why: given.before, key: "2"}, focus() {}, click() {}};
els["table-live"] = {dataset: {}, outerHTML: "", querySelectorAll() { return []; },
                     querySelector(s) { return s === '[data-key="2"]' ? slot : null; }};
const on = {};
global.window = {performance: {now() { return Date.now(); }}, addEventListener() {}};
global.document = {
  addEventListener(name, f) { (on[name] = on[name] || []).push(f); },
  getElementById(id) { return els[id] || null; },
  querySelectorAll() { return []; }, querySelector() { return null; },
};
global.setInterval = function () {};
eval(fs.readFileSync(process.argv[1], "utf8"));
const event = {code: "Digit2", key: "2", target: {tagName: "BODY"}, preventDefault() {}};
on.keydown.forEach(f => f(event));
const shown = !els["table-error"].hidden;
// The next picture: at that place, a card he may play now (a button), or the same reason again.
slot = given.after === null ? {dataset: {key: "2"}, type: "submit", focus() {}, click() {}}
  : {dataset: {why: given.after, key: "2"}, focus() {}, click() {}};
// The page's other listeners need more of a page than the harness has: each runs on its own.
(on["htmx:wsAfterMessage"] || []).forEach(f => { try { f({detail: {}}); } catch (e) { /* bare */ } });
process.stdout.write(JSON.stringify({shown: shown, still: !els["table-error"].hidden}));
"""


def _run(before: str, after: str | None) -> dict[str, bool]:
    done = subprocess.run(
        [_node(), "-e", _HARNESS, str(JS)],
        input=json.dumps({"before": before, "after": after}),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_not_your_turn_goes_when_his_turn_comes() -> None:
    assert _run(NOT_YOURS, None) == {"shown": True, "still": False}


def test_a_rule_reason_goes_when_the_card_becomes_playable() -> None:
    why = "You cannot play the King of clubs: you must follow suit (hearts)."
    assert _run(why, "It is not your turn.") == {"shown": True, "still": False}


def test_a_reason_that_still_stands_stays_for_a_slow_reader() -> None:
    assert _run(NOT_YOURS, NOT_YOURS) == {"shown": True, "still": True}
