"""Review 37: the how-to says what the engine does with the table's own rules (RULES.md 6.5, 6.6),
not what the preset's name suggests."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.engine.rules import rules_with_overrides, table_rules_check
from games.engine.settle import settle_chips
from games.howto import preset_howto

LANGS = ["en", "ru", "bg"]


def _lines(rules, lang: str = "en") -> list[str]:
    return [line for s in preset_howto(rules, language=lang).sections for line in s.lines]


@pytest.mark.parametrize("preset", ["khrap5", "named5"])
@pytest.mark.parametrize("lang", LANGS)
def test_five_card_snorer_is_told_he_takes_the_rest_not_per_trick(preset: str, lang: str) -> None:
    rules = rules_with_overrides(preset)
    # The engine (6.6): a snorer with 3 of 5 tricks and a whister with 1 of a bank of 100 in round 2:
    # the whister gets 20, the snorer min(80, 50) = 50, not 3 × 20 = 60 as "a trick is 1/5" says.
    _stacks, _bank, pays, _pen, _ev = settle_chips(
        rules, 100, 100, (0, 0, 0), (200, 100, 0), ("snore", "help", "pass"), (3, 1, 1), round_no=2
    )
    assert pays[:2] == (50, 20)
    en = [line for line in _lines(rules) if "not paid by the trick" in line]
    assert len(en) == 1 and "half the bank" in en[0]
    if lang != "en":
        text = "\n".join(_lines(rules, lang))
        assert "not paid by the trick" not in text
        assert "половин" in text  # the translated line is there


def test_per_trick_tables_have_no_rest_line() -> None:
    assert not [line for line in _lines(rules_with_overrides("classic")) if "not paid by the trick" in line]
    assert not [line for line in _lines(rules_with_overrides("frap")) if "not paid by the trick" in line]


def test_cut_draw_count_is_the_tables_five_draw() -> None:
    rules = rules_with_overrides("frap", {"five_draw": 6})
    cut = [line for line in _lines(rules) if line.startswith("Cut:")]
    assert len(cut) == 1 and "draw 6 cards" in cut[0], cut


def test_partial_frap_penalty_line_follows_the_penalty_table() -> None:
    partial = "took some tricks, but fewer than promised"
    # Frap with the by-tricks table removed charges a failed frapper 2× whatever he took.
    plain = rules_with_overrides("frap", {"penalty_snorer_by_tricks": []})
    assert not [line for line in _lines(plain) if partial in line]
    # Classic with Frap's table charges 1× for one trick: the how-to says so.
    classic = rules_with_overrides("classic", {"penalty_snorer_by_tricks": [2, 1]})
    assert [line for line in _lines(classic) if partial in line]
    assert [line for line in _lines(rules_with_overrides("frap")) if partial in line]


def test_cut_after_exchange_lists_exactly_the_tables_five_kinds() -> None:
    after = "after the exchange, a player who passed"
    # Frap without a cut: the engine never asks step F, so the how-to offers no cut.
    no_cut = rules_with_overrides("frap", {"five": []})
    assert not [line for line in _lines(no_cut) if after in line]
    # Classic with its five and six moved after the exchange: both are asked there, drawing 5 and 6.
    late = rules_with_overrides("classic", {"five_timing": "after_exchange"})
    found = [line for line in _lines(late) if after in line]
    assert len(found) == 2
    assert found[0].startswith("Five:") and "draw 5 cards" in found[0]
    assert found[1].startswith("Six:") and "draw 6 cards" in found[1]


@pytest.mark.parametrize("lang", LANGS)
def test_blind_frap_penalties_are_in_the_howto(lang: str) -> None:
    from games.engine.settle import penalty_multiple

    rules = rules_with_overrides("frap")
    # The engine: a blind frapper with 1 trick pays 4×, 3× under a trump ace (RULES.md 6.5).
    assert penalty_multiple(rules, "blind", 1) == 4 and penalty_multiple(rules, "blind", 1, True) == 3
    text = "\n".join(_lines(rules, lang))
    assert "0: 2×" not in text
    assert any(("1" in line and "4×" in line and "3×" in line) for line in _lines(rules, lang)), text
    # A table that changes the table reads its own numbers.
    custom = rules_with_overrides("frap", {"penalty_blind": [3, 3], "penalty_blind_ace": [3, 3]})
    line = [x for x in _lines(custom) if x.startswith("A failed blind bid")]
    assert line == [
        "A failed blind bid pays, by the tricks taken, in multiples of the bank: 0 tricks: 3×, 1 trick: 3×."
    ]
    # No blind bid, no line.
    assert not [x for x in _lines(rules_with_overrides("khrap5")) if "blind" in x.lower()]


@pytest.mark.parametrize("lang", LANGS)
def test_holds_are_the_tables_liabilities(lang: str) -> None:
    rules = rules_with_overrides("frap", {"liability_snorer": 3, "liability_helper": 2, "liability_blind": 5})
    lines = _lines(rules, lang)
    statuses = preset_howto(rules, language=lang).sections[2].lines
    # The engine holds 3×, 2× and 5× B0 for frap, whist and blind frap; the how-to says so.
    assert "3×" in statuses[0] and "2×" in statuses[1], statuses
    assert any("5×" in line for line in statuses), statuses
    joined = "\n".join(lines)
    for word in ("twice the bank", "four times", "двойн", "учетвер", "двойната"):
        assert word not in joined
    # The presets' own numbers keep their words.
    assert "twice the bank" in preset_howto("frap", language="en").sections[2].lines[0]


def test_failed_snorer_penalty_is_the_by_tricks_table_when_set() -> None:
    from games.engine.settle import penalty_multiple

    rules = rules_with_overrides("frap", {"penalty_snorer_by_tricks": [3, 1], "liability_snorer": 3})
    assert penalty_multiple(rules, "snore", 0) == 3
    line = [x for x in _lines(rules) if "and fails pays" in x]
    assert line and "pays 3× the bank" in line[0], line


@pytest.mark.parametrize("lang", LANGS)
def test_differences_name_rounds_tricks_six_payout_and_the_dealers_wrap(lang: str) -> None:
    from games.engine.rules import PRESETS
    from games.howto import differences_from_classic

    with translation.override(lang):
        khrap5 = differences_from_classic(PRESETS["khrap5"])
        zone52 = differences_from_classic(PRESETS["zone52"])
        moryak = differences_from_classic(PRESETS["moryak"])
    if lang == "en":
        # Khrap-5 differs from Classic in its rounds (2), snore tricks (3), no six and its payouts.
        assert "At most 2 rounds of bidding." in khrap5
        assert "A declarer promises 3 tricks." in khrap5
        assert "No six." in khrap5
        assert "A declarer who keeps his promise takes what is left of the bank." in khrap5
        # Zone 52's wrap is the dealer's, taken on a trump ace with his cards seen, not dark play.
        assert "Dark play before looking at the cards." not in zone52
        assert "Dark play before looking at the cards." in moryak
    else:
        # The same lines in the reader's language, not English left-overs: as many as in English (no
        # list may come out empty, where the checks below would hold of nothing).
        with translation.override("en"):
            english = [differences_from_classic(PRESETS[name]) for name in ("khrap5", "zone52", "moryak")]
        assert [len(lines) for lines in (khrap5, zone52, moryak)] == [len(lines) for lines in english]
        assert not [d for d in (*khrap5, *zone52) if d.isascii()]
        assert set(zone52) != set(moryak) or not zone52


@pytest.mark.parametrize(
    ("overrides", "code"),
    [
        ({"liability_snorer": 1}, "liability_snorer"),
        ({"penalty_snorer": 3}, "liability_snorer"),
        ({"liability_helper": 0}, "liability_helper"),
        ({"penalty_helper": 2}, "liability_helper"),
    ],
)
def test_a_hold_smaller_than_its_penalty_is_refused_in_the_managers_words(overrides, code) -> None:
    # The engine takes a penalty out of the hold and caps it there: a Classic table with a 1× snore hold
    # charged a failed snorer 1× while its how-to said 2×. Such a change is refused.
    from games.engine import RulesError
    from games.rules_errors import rules_error_text

    with pytest.raises(RulesError) as caught:
        table_rules_check(rules_with_overrides("classic", overrides))
    assert caught.value.code == code
    english = rules_error_text(caught.value)
    for lang in ("ru", "bg"):
        with translation.override(lang):
            assert rules_error_text(caught.value) != english
    # Equal or larger holds stay allowed.
    table_rules_check(
        rules_with_overrides("classic", {"liability_snorer": 3, "penalty_helper": 1, "liability_helper": 2})
    )


@pytest.mark.django_db
def test_a_table_with_a_small_hold_is_refused_at_opening_and_old_ones_still_load(club, owner) -> None:
    """The check is the new table's: a table (or a scenario file) made before it keeps loading."""
    from games.engine import Rules
    from games.services import table_session_create
    from games.services.errors import TableError

    with pytest.raises(TableError) as refused:
        table_session_create(
            club=club,
            actor=owner,
            title="Small hold",
            preset="classic",
            overrides={"liability_snorer": 1},
            stake=5,
            seat_count=4,
            buy_in_min=100,
            buy_in_max=500,
            practice=False,
        )
    assert "liability_snorer" in str(refused.value)
    old = rules_with_overrides("classic", {"liability_snorer": 1})
    assert Rules.from_json(old.to_json()).liability_snorer == 1


def test_penalties_paid_at_once_are_not_also_said_to_fund_the_next_deal() -> None:
    rules = rules_with_overrides("classic", {"penalty_to": "winners_now"})
    text = "\n".join(_lines(rules))
    assert "Penalties are paid out at once" in text
    assert "played for in the next deal" not in text
    assert "played for in the next deal" in "\n".join(_lines(rules_with_overrides("classic")))


@pytest.mark.parametrize("lang", LANGS)
def test_frap_without_failed_collect_does_not_promise_the_failed_frapper_his_trick(lang: str) -> None:
    rules = rules_with_overrides("frap", {"failed_collect": False})
    # The engine: a frapper with 1 of 2 tricks pays 1× and collects nothing.
    _stacks, _bank, pays, pens, _ev = settle_chips(
        rules, 100, 100, (0, 0), (200, 0), ("snore", "pass"), (1, 3)
    )
    assert pays[0] == 0 and pens[0] == 100
    with_collect = "\n".join(_lines(rules_with_overrides("frap"), lang))
    text = "\n".join(_lines(rules, lang))
    old_line = next(x for x in _lines(rules_with_overrides("frap"), lang) if "1×" in x and "2×" not in x)
    assert old_line in with_collect and old_line not in text
