"""Review 157: a bot's turn clock says the bot is thinking.

A bot answers after a short delay (``TABLE_BOT_DELAY``, under a second), and its turn's clock was
drawn as a person's, counted to that delay: it read "1s", then "0s" until the bot's move came (the
table's clock makes it, a moment later). "0s" at another's seat reads as a player out of time. The
clock of a bot's turn now says the bot is thinking, in the reader's language, and the page's script
leaves those words alone while its bar runs down.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone, translation

from games.broadcast import table_messages
from games.live_frame import live_frame_html
from games.presenter import table_context
from games.services import table_bot_add, table_sit

from .conftest import start_deal

pytestmark = pytest.mark.django_db

JS = Path(__file__).resolve().parents[2] / "static" / "js" / "table.js"


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()


def _frame(message: dict[str, Any], user_id: int, language: str) -> str:
    with translation.override(language):
        context = table_context(
            view=message["view"], public=message["public"], user_id=user_id, now=timezone.now()
        )
        return str(live_frame_html(context))


def _bots_turn(make_table, players, owner) -> dict[str, Any]:
    """Vera's picture of a deal, at the moment the bot beside her is to move."""
    table = make_table(seats=3)
    table_sit(session_id=table.pk, user=players[0], position=0, buy_in=200)
    table_bot_add(session_id=table.pk, actor=owner, position=1, buy_in=200)
    table_sit(session_id=table.pk, user=players[1], position=2, buy_in=200)
    start_deal(table)
    message = next(m for _group, m in table_messages(table.pk) if m.get("view") and m["view"]["seat"] == 0)
    bot = next(s for s in message["public"]["seats"] if s.get("bot"))
    message["view"]["to_act"] = bot["engine"]
    return message


def _clock_of(frame: str, seat_number: int) -> str:
    seat = frame.split(f'id="seat-{seat_number}"', 1)[1].split("</li>", 1)[0]
    found = re.search(r'<span class="clock[^"]*".*?</span></span>', seat, re.S)
    assert found, seat
    return found.group(0)


@pytest.mark.parametrize(("language", "words"), [("en", "thinking…"), ("ru", "думает…"), ("bg", "мисли…")])
def test_a_bots_clock_says_it_is_thinking(make_table, players, owner, language, words):
    message = _bots_turn(make_table, players, owner)
    frame = _frame(message, players[0].pk, language)
    clock = _clock_of(frame, 2)  # the bot's seat, the table's seat 2
    assert f'<span class="clock-text">{words}</span>' in clock, clock
    assert "data-thinking" in clock


def test_a_persons_clock_counts_seconds(make_table, players, owner):
    message = _bots_turn(make_table, players, owner)
    message["view"]["to_act"] = 0  # Vera's own turn
    clock = _clock_of(_frame(message, players[0].pk, "en"), 1)
    assert "data-thinking" not in clock and '<span class="clock-text"></span>' in clock


_HARNESS = """
const fs = require("fs");
const given = JSON.parse(fs.readFileSync(0, "utf8"));
function el(text) {
  return {textContent: text, style: {}, dataset: {}, classList: {toggle() {}}, closest() { return null; }};
}
const clocks = given.map(function (c) {
  const text = el(c.text), bar = el("");
  return {dataset: c.dataset, text: text, classList: {toggle() {}}, closest() { return null; },
          querySelector(s) { return s === ".clock-text" ? text : (s === ".clock-bar" ? bar : null); }};
});
const ready = [];
global.window = {performance: {now() { return Date.now(); }}, addEventListener() {}};
global.document = {
  addEventListener(name, f) { if (name === "DOMContentLoaded") ready.push(f); },
  getElementById() { return null; },
  querySelectorAll(s) {
    const has = name => clocks.filter(c => c.dataset[name] !== undefined);
    if (s.indexOf(".clock[data-remaining]") >= 0) return has("remaining");
    if (s.indexOf(".clock[data-until]") >= 0) return has("until");
    return [];
  },
  querySelector() { return null; },
};
global.setInterval = function () {};
eval(fs.readFileSync(process.argv[1], "utf8"));
ready.forEach(f => f());
process.stdout.write(JSON.stringify(clocks.map(c => c.text.textContent)));
"""


def _ticked(clocks: list[dict[str, Any]]) -> list[str]:
    """The clocks' text once the page's script has counted them, run under node."""
    from tests.engine.test_review93_verify_seat_count import _node

    done = subprocess.run(
        [_node(), "-e", _HARNESS, str(JS)],
        input=json.dumps(clocks),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _dataset(clock: str) -> dict[str, str]:
    names = {
        "data-remaining": "remaining",
        "data-deadline": "deadline",
        "data-total": "total",
        "data-format": "format",
        "data-thinking": "thinking",
    }
    found = {names[k]: v for k, v in re.findall(r'(data-[a-z-]+)="([^"]*)"', clock) if k in names}
    return found


def test_the_page_leaves_the_bots_words_and_counts_a_persons_seconds(make_table, players, owner):
    message = _bots_turn(make_table, players, owner)
    bot_clock = _clock_of(_frame(message, players[0].pk, "ru"), 2)
    message["view"]["to_act"] = 0
    message["public"]["deal"]["deadline"] = (timezone.now() + timezone.timedelta(seconds=20)).isoformat()
    own_clock = _clock_of(_frame(message, players[0].pk, "ru"), 1)
    shown = _ticked(
        [
            {"dataset": _dataset(bot_clock), "text": "думает…"},
            {"dataset": _dataset(own_clock), "text": ""},
        ]
    )
    assert shown[0] == "думает…", shown
    assert re.fullmatch(r"(19|20) с", shown[1]), shown
