"""Review 157: the Fairness page numbers seats as the table does, from 1.

The table and the deal page say "Seat 1" of a table's first seat; the Fairness page wrote the
scenario file's own numbers (from 0, and counting only the seats dealt in), so a player checking that
his string was at his seat read another number than his. The page now shows each string at the
table's seat number; a pasted file, whose table it does not know, is numbered from 1 too. The file
itself keeps its numbering (docs/rules/SCENARIOS.md).
"""

from __future__ import annotations

import json
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.test import Client
from django.utils import timezone

from games.models import Deal
from games.services import seed_contribute, table_sit

from .conftest import start_deal
from .test_r152_strings_by_seat import _finish

pytestmark = pytest.mark.django_db

JS = Path(__file__).resolve().parents[2] / "static" / "js" / "fairness.js"


@pytest.fixture(autouse=True)
def _no_timezone():
    timezone.deactivate()


def _client(user) -> Client:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def _spread_deal(make_table, players) -> Deal:
    """Vera at the table's seat 1, Gleb at seat 3, Dasha at seat 5 of five: the file's seats 0, 1, 2."""
    vera, gleb, dasha = players[:3]
    table = make_table(seats=5, turn_seconds=600)
    for user, position in ((vera, 0), (gleb, 2), (dasha, 4)):
        table_sit(session_id=table.pk, user=user, position=position, buy_in=200)
    seed_contribute(session_id=table.pk, user=vera, value="vera-string")
    seed_contribute(session_id=table.pk, user=dasha, value="dasha-string")
    return _finish(start_deal(table))


class _Box(HTMLParser):
    """The ``data-`` attributes of the page's verdict box, as the script's ``dataset`` has them."""

    def __init__(self) -> None:
        super().__init__()
        self.dataset: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id") != "verify-result":
            return
        for name, value in attrs:
            if name.startswith("data-"):
                head, *rest = name[5:].split("-")
                self.dataset[head + "".join(part.capitalize() for part in rest)] = value or ""


_HARNESS = """
const fs = require("fs");
const given = JSON.parse(fs.readFileSync(0, "utf8"));
const els = {
  "verify-input": {value: given.file},
  "verify-result": {dataset: given.dataset, textContent: ""},
  "verify-button": {addEventListener() {}},
};
const keys = Object.keys(given.storage);
let ready;
global.window = {localStorage: {
  getItem(k) { return Object.prototype.hasOwnProperty.call(given.storage, k) ? given.storage[k] : null; },
  length: keys.length, key(i) { return keys[i] || null; }}};
global.document = {addEventListener(_e, f) { ready = f; }, getElementById(id) { return els[id] || null; }};
eval(fs.readFileSync(process.argv[1], "utf8"));
ready();
process.stdout.write(els["verify-result"].textContent);
"""


def _verdict(html: str, file: str, storage: dict[str, str]) -> str:
    """What the page's script says of ``file`` in a browser holding ``storage``, run under node."""
    from tests.engine.test_review93_verify_seat_count import _node

    box = _Box()
    box.feed(html)
    given = json.dumps({"file": file, "dataset": box.dataset, "storage": storage})
    done = subprocess.run(
        [_node(), "-e", _HARNESS, str(JS)], input=given, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_strings_table_shows_the_tables_seat_numbers(make_table, players):
    deal = _spread_deal(make_table, players)
    page = _client(players[2]).get(f"/fairness/?deal={deal.pk}")  # Dasha's, at the table's seat 5
    html = page.content.decode()
    assert "<td>1</td><td>Vera</td><td><code>vera-string</code></td>" in html
    assert "<td>5</td><td>Dasha (you)</td><td><code>dasha-string</code></td>" in html


def test_the_verdict_names_his_seat_as_the_table_does(make_table, players):
    deal = _spread_deal(make_table, players)
    html = _client(players[2]).get(f"/fairness/?deal={deal.pk}").content.decode()
    record = _client(players[2]).get(f"/deals/{deal.pk}/export.json").content.decode()
    commitment = json.loads(record)["deals"][-1]["_fair"]["commitment"]
    said = _verdict(html, record, {f"khrap-own-string:{commitment}:dasha-string": "1"})
    assert said.startswith("Fair"), said
    assert "seat 1: vera-string; seat 5: dasha-string." in said, said
    assert "is at your seat (seat 5)" in said, said


def test_a_pasted_file_is_numbered_from_one(make_table, players):
    """Pasted, the file's table is not known: its seats are counted from 1 all the same."""
    deal = _spread_deal(make_table, players)
    record = _client(players[0]).get(f"/deals/{deal.pk}/export.json").content.decode()
    commitment = json.loads(record)["deals"][-1]["_fair"]["commitment"]
    html = _client(players[0]).get("/fairness/").content.decode()
    said = _verdict(html, record, {f"khrap-own-string:{commitment}:dasha-string": "1"})
    assert said.startswith("Fair"), said
    assert "seat 1: vera-string; seat 3: dasha-string." in said, said
    assert "mixed into the seed at seat 3: check that this was your seat" in said, said
    # The file keeps its own numbers (docs/rules/SCENARIOS.md).
    assert json.loads(record)["deals"][-1]["_fair"]["contributors"] == [0, 2]
