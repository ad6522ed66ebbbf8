"""Review 134: the Fairness page refuses a rule the game does not have, as the command does.

``python -m games.engine.verify`` calls a file with ``"rules": {"hand_sise": 4}`` (or any name that is
no rule, or the preset's own "name") malformed; the page read only the rules it needs and called the
same file fair, so the two verifiers judged one file apart.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from games.engine.fairness import first_dealer
from games.engine.rules import Rules

from .test_review93_verify_seat_count import JS, SEATS, SEED, _cli, _file, _page


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
