"""Review 134: the Fairness page holds a "max_players" rule to what the deck deals, as the command does.

Review 93 stopped a server that padded a fairness record's hands with empty seats until the first
dealer's draw over that many seats gave the dealer it liked: a record's seats must be a table of the
game's size. The page took that size from the file's own rules unchecked, so the same padded record
with ``"rules": {"max_players": 40}`` was called fair there; ``python -m games.engine.verify`` calls it
malformed (forty hands of four do not come out of 36 cards, RULES.md's deck sizes).
"""

from __future__ import annotations

from games.engine.fairness import first_dealer

from .test_review93_verify_seat_count import SEATS, SEED, _cli, _file, _page


def test_a_padded_record_with_a_max_players_rule_the_deck_cannot_deal() -> None:
    chosen = (first_dealer(SEED, SEATS) + 1) % SEATS
    pad = next(p for p in range(5, 400) if first_dealer(SEED, SEATS + p) == chosen)
    data = _file(chosen, pad, record=True)
    seats = len(data["deals"][0]["_fair"]["hands"])
    assert seats > 8
    data["rules"] = {"max_players": seats}
    assert _cli(data) == "malformed"
    assert _page(data) == "malformed"


def test_a_max_players_rule_the_deck_deals_is_read() -> None:
    # Eight hands of four and the trump card come out of 36 cards: Classic for up to eight.
    data = _file(first_dealer(SEED, SEATS), record=True)
    data["rules"] = {"max_players": 8}
    assert _cli(data) == "fair"
    assert _page(data) == "fair"
    data["rules"] = {"max_players": 9}
    assert _cli(data) == "malformed"
    assert _page(data) == "malformed"


def test_players_rules_are_whole_numbers_in_order() -> None:
    data = _file(first_dealer(SEED, SEATS), record=True)
    for rules in ({"max_players": "8"}, {"min_players": 1}, {"min_players": 5}, {"max_players": 4.5}):
        data["rules"] = rules
        assert _cli(data) == "malformed", rules
        assert _page(data) == "malformed", rules
