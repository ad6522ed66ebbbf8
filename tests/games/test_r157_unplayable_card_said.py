"""Review 157: a number key on a card that cannot be played says why.

The keys 1–9 play the card in that place. On a card the rules do not let him play (he must follow
the suit led, or trump), the key did nothing at all: a screen reader said nothing, and a sighted
player saw nothing happen. The card's place now carries the reason, and the key shows it and says
it, as a refused move is shown and said, in the reader's language.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone, translation

from games.broadcast import table_messages
from games.live_frame import live_frame_html
from games.presenter import table_context

from .conftest import sit_all, start_deal

pytestmark = pytest.mark.django_db

JS = Path(__file__).resolve().parents[2] / "static" / "js" / "table.js"


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()


def _must_follow(make_table, players) -> tuple[dict[str, Any], int]:
    """Vera's picture at her turn to play, a card of a suit she holds led: her other cards are
    not hers to play. Also the user's id."""
    table = make_table()
    sit_all(table, players)
    start_deal(table)
    group_message = next(m for _g, m in table_messages(table.pk) if m.get("view") and m["view"]["seat"] == 0)
    view = group_message["view"]
    hand = view["hand"]
    led = hand[0][-1]
    ours = [c for c in hand if c[-1] == led]
    assert len(ours) < len(hand), hand  # she holds another suit too
    view.update(
        phase="play",
        need="play",
        to_act=0,
        trick=[{"seat": 1, "card": "A" + led if "A" + led not in hand else "6" + led, "joker": False}],
        legal_actions=[{"do": "play", "card": c} for c in ours],
    )
    return group_message, players[0].pk


def _frame(message: dict[str, Any], user_id: int, language: str) -> str:
    with translation.override(language):
        context = table_context(
            view=message["view"], public=message["public"], user_id=user_id, now=timezone.now()
        )
        return str(live_frame_html(context))


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "you must follow suit"), ("ru", "нужно ходить в масть"), ("bg", "трябва да отговорите на боята")],
)
def test_an_unplayable_cards_place_carries_the_reason(make_table, players, language, words):
    message, vera = _must_follow(make_table, players)
    frame = _frame(message, vera, language)
    slots = frame.split('<span class="card-slot dim"')[1:]
    assert slots, frame
    for slot in slots:
        head = slot.split(">", 1)[0]
        assert 'data-key="' in head and "data-why=" in head, head
        assert words in head, head


_HARNESS = """
const fs = require("fs");
const given = JSON.parse(fs.readFileSync(0, "utf8"));
function box() { return {hidden: true, textContent: "", classList: {toggle() {}}, setAttribute() {}}; }
const els = {"table-socket": {classList: {contains() { return false; }}}, "table-error": box(),
             "table-error-close": box(), "table-announce": box()};
const slot = {dataset: {why: given.why, key: "2"}, disabled: undefined, focus() {}, click() {}};
els["table-live"] = {dataset: {}, querySelector(s) { return s === '[data-key="2"]' ? slot : null; }};
const keys = [];
global.window = {performance: {now() { return Date.now(); }}, addEventListener() {}};
global.document = {
  addEventListener(name, f) { if (name === "keydown") keys.push(f); },
  getElementById(id) { return els[id] || null; },
  querySelectorAll() { return []; }, querySelector() { return null; },
};
global.setInterval = function () {};
eval(fs.readFileSync(process.argv[1], "utf8"));
let prevented = false;
const event = {code: "Digit2", key: "2", target: {tagName: "BODY"}, preventDefault() { prevented = true; }};
keys.forEach(f => f(event));
const error = els["table-error"];
process.stdout.write(JSON.stringify({shown: !error.hidden, said: error.textContent, prevented: prevented}));
"""


def test_the_key_shows_and_says_the_reason() -> None:
    from tests.engine.test_review93_verify_seat_count import _node

    why = "You cannot play the King of clubs: you must follow suit (hearts)."
    done = subprocess.run(
        [_node(), "-e", _HARNESS, str(JS)],
        input=json.dumps({"why": why}),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"shown": True, "said": why, "prevented": True}


@pytest.mark.parametrize(
    ("language", "words"), [("en", "It is not your turn."), ("ru", "Сейчас не ваш ход.")]
)
def test_a_card_key_out_of_turn_says_whose_move_it_is_not(make_table, players, language, words):
    """Another's turn to play: his number keys did nothing, said nothing; they say it is not his turn."""
    message, vera = _must_follow(make_table, players)
    message["view"]["to_act"] = 1
    message["view"]["legal_actions"] = []
    frame = _frame(message, vera, language)
    slots = frame.split('<span class="card-slot"')[1:]
    assert len(slots) == len(message["view"]["hand"]), frame
    for slot in slots:
        assert f'data-why="{words}"' in slot.split(">", 1)[0], slot
