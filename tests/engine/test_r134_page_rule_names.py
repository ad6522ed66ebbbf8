"""Review 134: the Fairness page refuses a rule the game does not have, as the command does.

``python -m games.engine.verify`` calls a file with ``"rules": {"hand_sise": 4}`` (or any name that is
no rule, or the preset's own "name") malformed; the page read only the rules it needs and called the
same file fair, so the two verifiers judged one file apart.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess

import pytest

from games.engine.fairness import first_dealer
from games.engine.rules import Rules
from games.engine.verify import VerifyError, verify_scenario

from .test_review93_verify_seat_count import _HARNESS, JS, SEATS, SEED, _file, _node


def _cli(data: dict) -> str:
    try:
        output, _status = verify_scenario(json.loads(json.dumps(data)))
    except VerifyError:
        return "malformed"
    return "fair" if output["ok"] else "not fair"


def _page(data: dict) -> str:
    done = subprocess.run(
        [_node(), "-e", _HARNESS, str(JS)], input=json.dumps(data), capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("record", [True, False])
@pytest.mark.parametrize(
    "rules, verdict",
    [
        ({"hand_sise": 4}, "malformed"),
        ({"name": "classic"}, "malformed"),
        ({"toString": 1}, "malformed"),
        ({"five_draw": 6}, "fair"),
    ],
)
def test_the_page_knows_the_rules_names(rules, verdict, record) -> None:
    data = _file(first_dealer(SEED, SEATS), record=record)
    data["rules"] = rules
    assert _cli(data) == verdict
    assert _page(data) == verdict


def test_the_page_lists_every_rule() -> None:
    text = JS.read_text(encoding="utf-8")
    names = [f.name for f in dataclasses.fields(Rules) if f.name != "name"]
    listed = text.split("var RULES = ")[1].split(";")[0]
    assert sorted(json.loads(listed)) == sorted(names)
