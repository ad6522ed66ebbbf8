"""Review 134: a deal's deck is the size its game deals to that many seats.

Both verifiers checked that the deck is the shuffle of the seed, of whatever size the file's deck had:
a Classic deal of four seats (36 cards) dealt from the seed's 32-card or 52-card shuffle was called
fair. A server that knew the seed could so pick the best of three decks, and deal a game from a deck
it does not use (no sixes, or twos to fives): "nobody chooses the deck alone" did not hold. A
fairness record (no stacks: the replay, which refuses such a deck, never looked at it) passed the
command, and any file passed the Fairness page, which does not replay.
"""

from __future__ import annotations

import pytest

from games.engine.fairness import deck_seed, first_dealer
from games.engine.rules import PRESETS
from games.engine.shuffle import commitment, shuffled_deck
from games.engine.verify import verify_scenario

from .test_review93_verify_seat_count import JS, _cli, _page

SEED = bytes(range(32))


def _file(size: int, *, preset: str = "classic", seats: int = 4, record: bool = True, rules=None) -> dict:
    hand = PRESETS[preset].hand_size
    deck = list(shuffled_deck(deck_seed(SEED, []), size))
    dealer = first_dealer(SEED, seats)
    order = [(dealer + 1 + i) % seats for i in range(seats)]
    hands: list = [None] * seats
    for j, seat in enumerate(order):
        hands[seat] = deck[j : seats * hand : seats]
    fair = {
        "commitment": commitment(SEED),
        "seed": SEED.hex(),
        "contributions": [],
        "dealt": order,
        "hands": hands,
        "dealer": dealer,
        "first": True,
    }
    data: dict = {"preset": preset, "rules": rules or {}}
    if not record:
        data.update(stake=5, stacks=[100] * seats, bank=0, dealer=dealer)
    data["deals"] = [{"deck": deck, "actions": [], "_deal": {"number": 1}, "_fair": fair}]
    return data


def test_the_command_holds_a_records_deck_to_its_games_size() -> None:
    assert _cli(_file(36)) == "fair"
    assert _cli(_file(32)) == "not fair"
    assert _cli(_file(52)) == "not fair"
    output, _status = verify_scenario(_file(32))
    assert output["deals"][0]["deck_ok"] is False
    assert any("36" in p and "32" in p for p in output["deals"][0]["problems"]), output


def test_the_command_reads_the_size_from_the_seats_and_the_rules() -> None:
    # Frap deals 32 cards to four seats, 36 to five or six, 52 to more; a "deck" rule changes it.
    assert _cli(_file(32, preset="frap")) == "fair"
    assert _cli(_file(36, preset="frap", seats=5)) == "fair"
    assert _cli(_file(32, preset="frap", seats=5)) == "not fair"
    assert _cli(_file(52, preset="frap", seats=7)) == "fair"
    assert _cli(_file(52, rules={"deck": 52})) == "fair"
    assert _cli(_file(36, rules={"deck": 52})) == "not fair"
    assert _cli(_file(36, rules={"deck": [[3, 36], [5, 52]]})) == "not fair"
    assert _cli(_file(36, rules={"deck": [[4, 36], [5, 52]]})) == "fair"


@pytest.mark.parametrize("record", [True, False])
def test_the_page_holds_a_deck_to_its_games_size(record: bool) -> None:
    assert _page(_file(36, record=record)) == "fair"
    assert _page(_file(32, record=record)) == "not fair"
    assert _page(_file(52, record=record)) == "not fair"


def test_the_page_reads_the_size_from_the_seats_and_the_rules() -> None:
    assert _page(_file(32, preset="frap")) == "fair"
    assert _page(_file(36, preset="frap", seats=5)) == "fair"
    assert _page(_file(32, preset="frap", seats=5)) == "not fair"
    assert _page(_file(52, preset="frap", seats=7)) == "fair"
    assert _page(_file(52, rules={"deck": 52})) == "fair"
    assert _page(_file(36, rules={"deck": 52})) == "not fair"
    assert _page(_file(36, rules={"deck": [[3, 36], [5, 52]]})) == "not fair"
    assert _page(_file(36, rules={"deck": [[4, 36], [5, 52]]})) == "fair"
    assert _page(_file(36, rules={"deck": "36"})) == "malformed"


def test_the_page_knows_each_presets_decks() -> None:
    text = JS.read_text(encoding="utf-8")
    for name, rules in PRESETS.items():
        pairs = ", ".join(f"[{top}, {size}]" for top, size in rules.deck)
        assert f"{name}: [{pairs}]" in text, name
