"""Review 108: a table's how-to promised an exchange of more cards than a hand holds.

The engine lets a snorer or a helper change at most the cards in his hand (RULES.md 4.3: k within the
status's range, and he discards k of his own cards). A table opened with three-card hands
(``{"hand_size": 3}``) kept Classic's range, 0 to 4, and its how-to said the snorer "may change 0 to 4
cards"; one opened with ``{"exchange_snorer": [1, 9]}`` was listed as "Exchange 1 to 9 cards." The
table never allowed 4 (or 9). Found reading the how-to of tables opened with rule changes as a new
player. The how-to now gives the most a hand allows."""

from __future__ import annotations

from games.engine.rules import rules_with_overrides, table_rules_check
from games.howto import differences_from_classic, preset_howto


def _exchange_lines(rules) -> tuple[str, ...]:
    howto = preset_howto(rules, language="en")
    return next(s.lines for s in howto.sections if s.heading == "Exchange")


def test_three_card_hands_change_at_most_three() -> None:
    rules = table_rules_check(rules_with_overrides("classic", {"hand_size": 3}))
    first = _exchange_lines(rules)[0]
    assert "may change 0 to 3 cards" in first and "“help” 0 to 3," in first, first


def test_a_most_above_the_hand_is_said_as_the_hand() -> None:
    rules = table_rules_check(rules_with_overrides("classic", {"exchange_snorer": [1, 9]}))
    assert "Exchange 1 to 4 cards." in differences_from_classic(rules)
    assert "may change 1 to 4 cards" in _exchange_lines(rules)[0]


def test_the_presets_say_what_they_said() -> None:
    classic = _exchange_lines(rules_with_overrides("classic"))[0]
    assert "may change 0 to 4 cards" in classic
    moryak = rules_with_overrides("moryak")
    assert "may change 1 to 3 cards" in _exchange_lines(moryak)[0]
    assert "Exchange 1 to 3 cards." in differences_from_classic(moryak)
