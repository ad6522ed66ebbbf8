"""Two how-to lines that contradicted the table's own rules (review 37's notes): a table drawing from
the top or the bottom of the stock (Student) said the exchange draws "from the top of the stock" and
then that each card comes from the top or the bottom; a table that antes every round but has one round
said everyone antes again each new round, which never comes."""

from __future__ import annotations

import pytest

from games.engine import PRESETS
from games.engine.rules import rules_with_overrides
from games.howto import differences_from_classic, preset_howto

FROM_THE_TOP = {"en": "from the top of the stock", "ru": "сверху колоды", "bg": "отгоре на тестето"}


def _text(rules, language: str) -> str:
    return "\n".join(
        line for section in preset_howto(rules, language=language).sections for line in section.lines
    )


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_a_table_drawing_top_or_bottom_does_not_say_from_the_top(language: str) -> None:
    student, classic = PRESETS["student"], PRESETS["classic"]
    assert student.draw_choice == "top_or_bottom" and classic.draw_choice == "top"
    assert FROM_THE_TOP[language] not in _text(student, language).replace("\n", " ")
    assert FROM_THE_TOP[language] in _text(classic, language).replace("\n", " ")


def test_one_round_tables_do_not_promise_an_ante_for_the_next_round() -> None:
    name = next(name for name, rules in PRESETS.items() if rules.ante_each_round and rules.trump_rounds > 1)
    many = PRESETS[name]
    assert "Each new round of bidding, everyone antes again" in _text(many, "en")
    one_round = rules_with_overrides(name, {"trump_rounds": 1})
    assert "Each new round of bidding, everyone antes again" not in _text(one_round, "en")
    assert "Antes again every round of bidding." not in differences_from_classic(one_round)
